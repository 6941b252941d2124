import { Modal, type ModalProps } from '../../components/Modal';

/** The shared dialog in the admin look (admin.css styles `.admin-dialog` like `.admin-app`). */
export function AdminModal(props: Omit<ModalProps, 'className'>) {
  return <Modal {...props} className="admin-dialog" />;
}

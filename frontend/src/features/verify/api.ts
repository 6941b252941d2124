import type { components } from '@ngo-site/shared/contract';
import { apiClient } from '../../api/on-demand';

export type CertificateCheck = components['schemas']['CertificateCheck'];

/** What a certificate's code certifies, or null when no certificate has it. Other failures throw. */
export async function fetchCertificateCheck(code: string): Promise<CertificateCheck | null> {
  const { data, response } = await (await apiClient()).GET('/api/verify_certificate.php', { params: { query: { code } } });
  if (data?.success) return data.data;
  if (response.status === 404 || response.status === 400) return null;
  throw new Error(`Could not check the certificate (HTTP ${response.status})`);
}

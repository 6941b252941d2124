// The programs as the admin's category selects and lists name them (a post's or gallery item's
// category is a program's id): read once from the programs page (get_page.php, English) and
// shared by every screen; read again after the programs page is saved.
import { useEffect } from 'react';
import { create } from 'zustand';
import { fetchProgramViews } from './pages/pagesApi';

export interface AdminProgram {
  id: string;
  /** The admin's name for it ("Clean Water"); the English tag when none was given. */
  label: string;
}

interface ProgramsState {
  list: AdminProgram[] | null;
  loading: Promise<void> | null;
}

const usePrograms = create<ProgramsState>(() => ({ list: null, loading: null }));

/** Reads the programs again (after the programs page was saved); a failure keeps what is known. */
export function refreshAdminPrograms(): Promise<void> {
  const loading = fetchProgramViews().then((outcome) => {
    usePrograms.setState({ loading: null, ...(outcome.ok ? { list: outcome.data.map((program) => ({ id: program.id, label: program.admin_label })) } : {}) });
  });
  usePrograms.setState({ loading });
  return loading;
}

/** Forgets the programs (component tests start each from nothing). */
export function resetAdminPrograms(): void {
  usePrograms.setState({ list: null, loading: null });
}

/** The programs, once read (null until then); the first screen that asks reads them. */
export function useAdminPrograms(): AdminProgram[] | null {
  const list = usePrograms((state) => state.list);
  useEffect(() => {
    const { list: known, loading } = usePrograms.getState();
    if (!known && !loading) void refreshAdminPrograms();
  }, []);
  return list;
}

/** How a category reads in the admin: its program's admin name, or the id itself when no program has it. */
export function useCategoryLabel(): (category: string) => string {
  const programs = useAdminPrograms();
  return (category) => programs?.find((program) => program.id === category)?.label ?? category;
}

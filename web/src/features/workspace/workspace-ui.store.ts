import { create } from 'zustand';

export type WorkspaceDialog = 'teams' | 'reports' | 'newProject' | 'createTeam';

interface WorkspaceUiState {
  /** The one workspace dialog open now; the top navigation opens them, the workspace renders them. */
  activeDialog: WorkspaceDialog | null;
  openDialog: (dialog: WorkspaceDialog) => void;
  closeDialog: () => void;
}

export const useWorkspaceUi = create<WorkspaceUiState>()((set) => ({
  activeDialog: null,
  openDialog: (dialog) => set({ activeDialog: dialog }),
  closeDialog: () => set({ activeDialog: null }),
}));

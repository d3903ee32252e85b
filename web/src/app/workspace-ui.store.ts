import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { rememberProjectForServer, WORKSPACE_STORE_KEY } from '../lib/early-task-list';

export type WorkspaceDialog =
  | 'teams'
  | 'reports'
  | 'newProject'
  | 'createTeam'
  | 'inviteMembers'
  | 'joinTeam'
  | 'joinRequests'
  | 'exportProject'
  | 'importProject'
  | 'aiTask'
  | 'templateGallery'
  | 'saveAsTemplate';

export type WorkspaceView = 'gantt' | 'dashboard';

interface WorkspaceUiState {
  /** The one workspace dialog open now; the top navigation opens them, the workspace renders them. */
  activeDialog: WorkspaceDialog | null;
  /** A team id, or SHARED_SCOPE (features/teams/team-scope.ts) for projects the user joined as a guest; null until the user picks one. */
  selectedTeamId: string | null;
  selectedProjectId: string | null;
  view: WorkspaceView;
  /** Set by Add Task: the Gantt view's task form takes focus once it exists, then clears this. */
  focusTaskName: boolean;
  projectSearch: string;
  /** The team whose chat panel is open (issue 38), or null; it shows only while that team is in view. */
  chatTeamId: string | null;
  openDialog: (dialog: WorkspaceDialog) => void;
  closeDialog: () => void;
  /** Switching team starts from its first project (PRODUCT-SPEC §2 team management). */
  selectTeam: (teamId: string) => void;
  selectProject: (projectId: string, teamId?: string) => void;
  setView: (view: WorkspaceView) => void;
  startAddTask: () => void;
  clearFocusTaskName: () => void;
  setProjectSearch: (query: string) => void;
  toggleChat: (teamId: string) => void;
  closeChat: () => void;
}

export const useWorkspaceUi = create<WorkspaceUiState>()(
  persist(
    (set) => ({
      activeDialog: null,
      selectedTeamId: null,
      selectedProjectId: null,
      view: 'gantt',
      focusTaskName: false,
      projectSearch: '',
      chatTeamId: null,
      openDialog: (dialog) => set({ activeDialog: dialog }),
      closeDialog: () => set({ activeDialog: null }),
      selectTeam: (teamId) => set({ selectedTeamId: teamId, selectedProjectId: null, projectSearch: '' }),
      selectProject: (projectId, teamId) =>
        set((state) => ({ selectedProjectId: projectId, selectedTeamId: teamId ?? state.selectedTeamId })),
      setView: (view) => set({ view }),
      startAddTask: () => set({ view: 'gantt', focusTaskName: true }),
      clearFocusTaskName: () => set({ focusTaskName: false }),
      setProjectSearch: (projectSearch) => set({ projectSearch }),
      toggleChat: (teamId) => set((state) => ({ chatTeamId: state.chatTeamId === teamId ? null : teamId })),
      closeChat: () => set({ chatTeamId: null }),
    }),
    {
      name: WORKSPACE_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      // Only the selection and the view survive a reload; dialogs and the search start fresh.
      partialize: ({ selectedTeamId, selectedProjectId, view }) => ({
        selectedTeamId,
        selectedProjectId,
        view,
      }),
    },
  ),
);

// The server guesses the next page's project from this (lib/early-task-list.ts), as a reload here would choose it.
useWorkspaceUi.subscribe((state, previous) => {
  if (state.selectedProjectId !== previous.selectedProjectId) rememberProjectForServer(state.selectedProjectId);
});

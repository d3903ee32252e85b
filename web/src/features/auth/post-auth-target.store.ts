import { create } from 'zustand';

interface PostAuthTargetState {
  /** Where to go once the fresh session shows up in the auth read; null means the default, /. */
  target: string | null;
  setTarget: (target: string | null) => void;
}

/**
 * Signing in flips the route table, which unmounts the auth form before it could navigate, and the signed-in
 * /auth route redirects instead. The form leaves its destination here so that redirect can honour the plan.
 */
export const usePostAuthTarget = create<PostAuthTargetState>()((set) => ({
  target: null,
  setTarget: (target) => set({ target }),
}));

/**
 * The ids the signed-in frame's skip links jump to (shell/components/skip-links.tsx), set by the workspace on its
 * main area and by the chart on its task list. Without them a keyboard user tabbed through the whole top
 * navigation, project header and sidebar (21 Tabs) to reach Add Task (issue 33).
 */
export const SKIP_TARGET_IDS = {
  main: 'main-content',
  taskList: 'task-list',
} as const;

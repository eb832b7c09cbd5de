/** Who may see a task: its owner, root, or a user who may enter the task's project. */
import type { AuthUser } from '../../auth/auth-user.js';
import type { TaskRow } from './repo/tasks.js';

export function mayViewTask(user: AuthUser, task: Pick<TaskRow, 'user_id' | 'project_id'>): boolean {
  if (user.root || task.user_id === user.id) return true;
  return task.project_id !== null && user.projectIds.includes(task.project_id);
}

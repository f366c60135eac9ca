/** A route of the Portico server for the frame's project: every route reads the project from `projectId`. */
export function apiUrl(config: { apiUrl: string; projectId: string }, path: string): string {
  return `${config.apiUrl}${path}?projectId=${encodeURIComponent(config.projectId)}`
}

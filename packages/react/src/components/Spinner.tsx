export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  return <span className="spinner" role={label ? 'status' : undefined} aria-label={label} style={{ width: size, height: size }} />
}

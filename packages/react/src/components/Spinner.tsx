export function Spinner({ size = 20, label }: { size?: number; label?: string }) {
  const style = { width: size, height: size }
  return label ? <span className="spinner" role="status" aria-label={label} style={style} /> : <span className="spinner" aria-hidden="true" style={style} />
}

// Placeholder for issue 13: the module is filled in by the helper that owns this screen.
export default function Placeholder() {
  return null;
}

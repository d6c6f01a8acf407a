type Navigate = (path: string) => void;

// The shell (or a harness) registers its router's navigate; without one, a full page load.
let navigate: Navigate = (path) => window.location.assign(path);

export function setNavigate(fn: Navigate): void {
  navigate = fn;
}

export function navigateTo(path: string): void {
  navigate(path);
}

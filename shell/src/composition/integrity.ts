import type { RemoteMap, RemoteName } from './remote-map';

/**
 * A well-formed sha384 hash that no file has (48 zero bytes). A file of a checked remote that its
 * release does not list gets it, so the browser refuses it exactly like a tampered one (a hash of
 * an unknown algorithm would not do: browsers skip those and load the file unchecked).
 */
export const REFUSED_INTEGRITY = `sha384-${'A'.repeat(64)}`;

/** The integrity a URL must match: its release's hash, REFUSED_INTEGRITY, or undefined (not checked). */
export type IntegrityLookup = (url: string) => string | undefined;

/**
 * The integrity lookup of a remote map: a file below the folder of a remote's manifest, for a remote
 * that lists its files' hashes, must match the hash of its path relative to that folder; a file the
 * list does not name is refused. Files of other origins or folders (the shell's own, a remote given
 * as a bare URL) are not checked here.
 */
export function integrityLookup(map: RemoteMap, pageUrl: string): IntegrityLookup {
  const releases = (Object.entries(map) as [RemoteName, RemoteMap[RemoteName]][])
    .filter(([, location]) => location.integrity)
    .map(([, location]) => ({
      folder: new URL('.', new URL(location.manifest, pageUrl)).href,
      files: location.integrity ?? {},
    }))
    // the deepest folder first: a remote published below another one's folder is its own
    .sort((a, b) => b.folder.length - a.folder.length);
  if (releases.length === 0) return () => undefined;
  return (url) => {
    let file: URL;
    try {
      file = new URL(url, pageUrl);
    } catch {
      return undefined;
    }
    file.hash = '';
    file.search = '';
    const release = releases.find(({ folder }) => file.href.startsWith(folder));
    if (!release) return undefined;
    const path = decodeURI(file.href.slice(release.folder.length));
    return Object.hasOwn(release.files, path) ? release.files[path] : REFUSED_INTEGRITY;
  };
}

let lookup: IntegrityLookup = () => undefined;

/** The lookup of this page load's remote map (set once, when the shell registers its remotes). */
export function setIntegrityMap(map: RemoteMap): void {
  lookup = integrityLookup(map, window.location.href);
}

export const integrityOf: IntegrityLookup = (url) => lookup(url);

/**
 * Gives a remote's <script> or <link> the integrity its release lists (or the refusing one) and
 * makes it a CORS request, without which the browser cannot check a cross-origin file.
 * Returns false for an element that is not a remote's file.
 */
export function secureElement(element: HTMLScriptElement | HTMLLinkElement, url: string): boolean {
  const integrity = integrityOf(url);
  if (!integrity) return false;
  element.setAttribute('integrity', integrity);
  element.setAttribute('crossorigin', 'anonymous');
  return true;
}

/**
 * The net below the federation runtime's hooks: a remote's own chunk loader (Rspack's runtime in
 * its remoteEntry.js: async JS chunks, CSS chunks) creates <script> and <link> elements that no
 * runtime hook sees, and adds them to document.head. Every script or link added there gets its
 * integrity before the browser starts fetching it, whoever created it.
 */
export function guardRemoteFiles(head: HTMLHeadElement = document.head): void {
  const guard = (node: Node) => {
    if (node instanceof HTMLScriptElement && node.src) secureElement(node, node.src);
    else if (node instanceof HTMLLinkElement && node.href) secureElement(node, node.href);
  };
  const { appendChild, insertBefore } = Node.prototype;
  head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    guard(node);
    return appendChild.call(this, node) as T;
  };
  head.insertBefore = function <T extends Node>(
    this: HTMLHeadElement,
    node: T,
    child: Node | null,
  ): T {
    guard(node);
    return insertBefore.call(this, node, child) as T;
  };
}

// disk.js — drive C: kept in the browser's storage (IndexedDB) across reloads. The
// engine holds the drive in memory; the page saves its whole image (the engine's export)
// shortly after each change and when the page is hidden, and hands it back at start.
// Without IndexedDB (a private window that refuses it) the drive lasts as long as the page.

const DB = 'gwrun';
const STORE = 'drives';
const KEY = 'A';

function open() {
  return new Promise((resolve, reject) => {
    if (!('indexedDB' in window)) {
      reject(new Error('no IndexedDB'));
      return;
    }
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

export class Disk {
  constructor() {
    this.db = null;
    this.saving = Promise.resolve();
  }

  /** The saved drive image, or null. */
  async load() {
    try {
      this.db = await open();
    } catch (e) {
      console.warn('gwrun: files will not be kept:', e);
      return null;
    }
    return new Promise((resolve) => {
      const req = this.db.transaction(STORE).objectStore(STORE).get(KEY);
      req.onsuccess = () => resolve(req.result instanceof Uint8Array ? req.result : null);
      req.onerror = () => resolve(null);
    });
  }

  /** Saves a drive image; resolves when it is stored. */
  save(image) {
    if (!this.db) return Promise.resolve();
    this.saving = this.saving.then(() => new Promise((resolve) => {
      const tx = this.db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(image, KEY);
      tx.oncomplete = () => resolve();
      tx.onerror = () => {
        console.warn('gwrun: the drive could not be saved:', tx.error);
        resolve();
      };
    }));
    return this.saving;
  }
}

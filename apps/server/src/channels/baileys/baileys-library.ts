/**
 * The Baileys library, loaded on first use: it costs about 45 MB of memory and a quarter of a second at start
 * (its protobuf definitions, libsignal and a WebAssembly bridge), which an installation without a WhatsApp-by-QR
 * connection never needs. A session loads it before anything else (`loadDatabaseAuthState`), so the code that
 * runs afterwards reaches it synchronously through `baileysLibrary()`.
 */
type TBaileysLibrary = typeof import('baileys');

let library: TBaileysLibrary | undefined;
let loading: Promise<TBaileysLibrary> | undefined;

export const loadBaileysLibrary = (): Promise<TBaileysLibrary> => {
  loading ??= import('baileys').then((loaded) => {
    library = loaded;
    return loaded;
  });
  return loading;
};

/** The library once `loadBaileysLibrary()` has resolved (a session always awaits it first). */
export const baileysLibrary = (): TBaileysLibrary => {
  if (!library) throw new Error('Baileys is used before loadBaileysLibrary() resolved');
  return library;
};

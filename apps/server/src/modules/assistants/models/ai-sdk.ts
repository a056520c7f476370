/** The AI SDK and its four provider packages (together about 15 MB of a server's memory). */
const importAiSdk = async () => {
  const [ai, openai, compatible, anthropic, google] = await Promise.all([
    import('ai'),
    import('@ai-sdk/openai'),
    import('@ai-sdk/openai-compatible'),
    import('@ai-sdk/anthropic'),
    import('@ai-sdk/google'),
  ]);
  return { ai, openai, compatible, anthropic, google };
};
export type TAiSdk = Awaited<ReturnType<typeof importAiSdk>>;

let loading: Promise<TAiSdk> | undefined;
let loaded: TAiSdk | undefined;

/** The SDK, loaded with the first model call: a server whose tenants have no assistant never holds it. */
export const loadAiSdk = async (): Promise<TAiSdk> => {
  loading ??= importAiSdk();
  loaded = await loading;
  return loaded;
};

/** The SDK when a call loaded it already; undefined before (nothing can have thrown one of its errors then). */
export const loadedAiSdk = (): TAiSdk | undefined => loaded;

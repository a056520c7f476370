/**
 * The MIME type a file's bytes say it is (its magic numbers), or undefined when they say nothing. The library
 * is loaded on the first call: most servers go a long time without an upload to check.
 */
export const sniffMime = async (bytes: Uint8Array): Promise<string | undefined> => {
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.mime;
};

/**
 * A group picture as WhatsApp takes one: a square JPEG of at most 640x640 (whatsmeow's SetGroupPhoto sends the
 * bytes as they are, and WhatsApp refuses anything else). Baileys makes it itself; the whatsmeow gateways
 * (wuzapi, uazapi) pass the bytes on, so they get it made here from the JPEG, PNG or WebP the group tools
 * accepted. `sharp` is loaded on first use, as Baileys does.
 */
export const groupPictureJpeg = async (image: Buffer): Promise<Buffer> => {
  const { default: sharp } = await import('sharp');
  return sharp(image).resize(640, 640, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer();
};

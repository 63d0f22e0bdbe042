declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  /** An image of the file whose size is known before its pixels are decoded. */
  interface PendingImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  namespace decode {
    function all(input: { buffer: Uint8Array | ArrayBuffer }): Promise<PendingImage[] & { dispose(): void }>;
  }
  export default decode;
}

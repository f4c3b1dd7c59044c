/**
 * The bench's story images (scripts/bench/stories.mjs): valid PNGs of a story image's size,
 * different per name, as a browser decodes them.
 */
import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { storyImagePng } from '../../scripts/bench/stories.mjs';

interface Png {
  width: number;
  height: number;
  /** [r, g, b] at (x, y). */
  pixel(x: number, y: number): number[];
}

/** Reads an 8-bit RGB PNG without interlacing, checking every chunk's CRC. */
function readPng(file: Buffer): Png {
  expect([...file.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const data = file.subarray(at + 8, at + 8 + length);
    expect(file.readUInt32BE(at + 8 + length), `CRC of ${type}`).toBe(crc32(file.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  const header = chunks[0]!.data;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  expect([...header.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  const pixels = inflateSync(chunks[1]!.data);
  const rowBytes = 1 + width * 3;
  expect(pixels.length).toBe(rowBytes * height);
  return {
    width,
    height,
    pixel: (x, y) => [...pixels.subarray(y * rowBytes + 1 + x * 3, y * rowBytes + 4 + x * 3)],
  };
}

describe('the bench story images', () => {
  it('are 640x360 PNGs of a few KB: a disc on a background', () => {
    const file = storyImagePng('/bench-images/story-1.png');
    expect(file.length).toBeLessThan(10_000);
    const png = readPng(file);
    expect([png.width, png.height]).toEqual([640, 360]);
    expect(png.pixel(320, 180)).not.toEqual(png.pixel(0, 0));
    expect(png.pixel(639, 359)).toEqual(png.pixel(0, 0));
  });

  it('differ from one name to the next, and are the same for one name', () => {
    const first = readPng(storyImagePng('/bench-images/story-1.png'));
    const second = readPng(storyImagePng('/bench-images/story-6.png'));
    expect(second.pixel(0, 0)).not.toEqual(first.pixel(0, 0));
    expect(storyImagePng('/bench-images/story-6.png').equals(storyImagePng('/bench-images/story-6.png'))).toBe(true);
  });
});

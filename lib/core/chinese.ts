// CJK Unified Ideographs with Extension A, the compatibility block and the supplementary planes.
const CHINESE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\u{20000}-\u{3134f}]/u;

/**
 * Whether the text holds a Chinese character (which building field an address suggestion fills,
 * how a name is shown). A module of its own so that names do not pull in the address code and
 * its region lists.
 */
export function containsChinese(text: string | null | undefined): boolean {
  return !!text && CHINESE.test(text);
}

package io.engram.portable;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

/**
 * A bundle's zip entry whose name any unzip reads as written. Java marks a name as UTF-8 (the language encoding flag)
 * but records the entry as made on MS-DOS, and Debian's and Ubuntu's {@code unzip} then read the name as code page
 * 437: a Chinese memory's file came out as mojibake. A name beyond ASCII therefore also carries Info-ZIP's Unicode
 * Path extra field (0x7075: version 1, the CRC-32 of the header's name, the name in UTF-8), which unzip prefers.
 */
final class ZipNames {
  // Info-ZIP's header id of the Unicode Path extra field ("up", APPNOTE.TXT 4.6.9): the id unzip looks for.
  private static final short UNICODE_PATH = 0x7075;

  private ZipNames() {}

  /** The entry for {@code name}, with the Unicode Path field when the name is not plain ASCII. */
  static ZipEntry entry(String name) {
    ZipEntry e = new ZipEntry(name);
    byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
    if (utf8.length != name.length()) {
      CRC32 crc = new CRC32();
      crc.update(utf8);
      e.setExtra(ByteBuffer.allocate(9 + utf8.length).order(ByteOrder.LITTLE_ENDIAN).putShort(UNICODE_PATH)
          .putShort((short) (5 + utf8.length)).put((byte) 1).putInt((int) crc.getValue()).put(utf8).array());
    }
    return e;
  }
}

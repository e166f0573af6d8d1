package io.engram.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** A file's bytes made of parts: a {@code byte[]} as it is (junk, a cut character), anything else as UTF-8 text. */
public final class FileBytes {
  private FileBytes() {}

  public static byte[] of(Object... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (Object part : parts) {
      out.writeBytes(part instanceof byte[] b ? b : part.toString().getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }
}

package io.engram.tokens;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/** The o200k_base encoding, read once for the process: its table is a few megabytes to parse. */
final class O200k {
  static final Encoding ENCODING = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

  private O200k() {}
}

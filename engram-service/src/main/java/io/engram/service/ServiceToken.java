package io.engram.service;

import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The secret a caller of the service must send ({@code Authorization: Bearer TOKEN}): 32 random bytes from
 * {@link SecureRandom}, hex, in {@code <home>/service/token} with mode 0600. It is made once and kept, so an
 * MCP client configured with it keeps working across restarts; deleting the file makes a new one at the next
 * start.
 */
final class ServiceToken {
  private static final Pattern SHAPE = Pattern.compile("[0-9a-f]{64}");

  private final String value;

  private ServiceToken(String value) {
    this.value = value;
  }

  /** The token in {@code file}, made first when there is none (or it is not a token). */
  static ServiceToken readOrCreate(Path file) throws IOException {
    if (Files.isRegularFile(file)) {
      String text = Files.readString(file, StandardCharsets.UTF_8).strip();
      if (SHAPE.matcher(text).matches()) {
        return new ServiceToken(text);
      }
    }
    byte[] bytes = new byte[32];
    new SecureRandom().nextBytes(bytes);
    String token = HexFormat.of().formatHex(bytes);
    AtomicFiles.writeString(file, token + "\n", PosixFilePermissions.fromString("rw-------"));
    return new ServiceToken(token);
  }

  /** The token in {@code file}, if there is one. */
  static java.util.Optional<ServiceToken> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return java.util.Optional.empty();
    }
    String text = Files.readString(file, StandardCharsets.UTF_8).strip();
    return SHAPE.matcher(text).matches() ? java.util.Optional.of(new ServiceToken(text)) : java.util.Optional.empty();
  }

  String value() {
    return value;
  }

  /** The header value a caller sends. */
  String bearer() {
    return "Bearer " + value;
  }

  /** True when {@code header} (an {@code Authorization} value) carries this token; compared in constant time. */
  boolean accepts(String header) {
    if (header == null) {
      return false;
    }
    String given = header.strip();
    if (given.regionMatches(true, 0, "Bearer ", 0, 7)) {
      given = given.substring(7).strip();
    } else {
      return false;
    }
    return MessageDigest.isEqual(given.getBytes(StandardCharsets.US_ASCII), value.getBytes(StandardCharsets.US_ASCII));
  }

  @Override
  public String toString() {
    return "ServiceToken[hidden]";
  }
}

package io.engram.embeddings;

import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The vectors a model gives fixed texts (the reference prompts recall calibrates on), kept in a directory between
 * processes: a command-line recall with two models embedded those prompts in every run, one to four seconds. One file
 * per model, kind (query or stored) and list of texts, named by the model and a hash of the texts, so a changed list
 * or another model never reads another's vectors. Written atomically under the directory's lock; a process that
 * finds the lock held, or cannot write, keeps its vectors to itself. A file that does not hold as many vectors as
 * texts, of one length, is not read: the texts are embedded again and the file rewritten.
 */
final class FixedTextVectors {
  // The file's first bytes, the format's name and version: another format is embedded again, never misread.
  private static final int MAGIC = 0x45475631; // "EGV1"
  // The file's header: the magic, the count of vectors and their dimension, an int each.
  private static final int HEADER_BYTES = 3 * Integer.BYTES;

  private FixedTextVectors() {}

  /**
   * The vectors of {@code texts} by {@code model} ({@code query}: as queries), read from {@code directory} when a
   * file there holds them, else made by {@code embed} and written there for the next process.
   */
  static List<float[]> of(Path directory, String model, boolean query, List<String> texts,
      Supplier<List<float[]>> embed) {
    Path file = directory.resolve(model + (query ? "-query-" : "-stored-") + hash(texts) + ".vectors");
    Optional<List<float[]>> kept = read(file, texts.size());
    if (kept.isPresent()) {
      return kept.get();
    }
    List<float[]> made = embed.get();
    write(file, made);
    return made;
  }

  private static Optional<List<float[]>> read(Path file, int count) {
    try {
      if (!Files.isRegularFile(file)) {
        return Optional.empty();
      }
      ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file));
      if (in.remaining() < HEADER_BYTES || in.getInt() != MAGIC || in.getInt() != count) {
        return Optional.empty();
      }
      int dimension = in.getInt();
      if (dimension <= 0 || in.remaining() != (long) count * dimension * Float.BYTES) {
        return Optional.empty();
      }
      List<float[]> out = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        float[] v = new float[dimension];
        in.asFloatBuffer().get(v);
        in.position(in.position() + dimension * Float.BYTES);
        out.add(v);
      }
      return Optional.of(out);
    } catch (IOException e) {
      return Optional.empty(); // unreadable: embedded again, and rewritten
    }
  }

  private static void write(Path file, List<float[]> vectors) {
    int dimension = vectors.isEmpty() ? 0 : vectors.get(0).length;
    if (dimension == 0 || vectors.stream().anyMatch(v -> v.length != dimension)) {
      return;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(HEADER_BYTES + vectors.size() * dimension * Float.BYTES);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeInt(vectors.size());
      out.writeInt(dimension);
      for (float[] v : vectors) {
        for (float f : v) {
          out.writeFloat(f);
        }
      }
      Files.createDirectories(file.getParent());
      // Another process writing the same vectors already: they are the same, so this one leaves it to that one.
      Optional<FileLock> lock = FileLock.tryAcquire(file.resolveSibling(".lock"), Duration.ZERO);
      if (lock.isPresent()) {
        try (FileLock held = lock.get()) {
          AtomicFiles.write(file, bytes.toByteArray());
        }
      }
    } catch (IOException | RuntimeException e) {
      // not written: this process keeps its vectors, and the next embeds them again
    }
  }

  private static String hash(List<String> texts) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String t : texts) {
        sha.update(t.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0); // a separator no text holds, so two lists never hash alike by their joins
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}

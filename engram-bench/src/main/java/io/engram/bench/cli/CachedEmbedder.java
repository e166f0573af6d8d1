package io.engram.bench.cli;

import io.engram.fs.AtomicFiles;
import io.engram.recall.Embedder;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An embedder that remembers the vectors another one gave, in memory and (with {@link #save}) in a file, so
 * repeated benchmark runs over the same texts with the same model do not pay for the model again. A
 * vector is keyed by the model's name, whether the text was a query or a document, and the text's SHA-256;
 * the file is only ever read by the model that wrote it. For benchmarks: recall never caches vectors.
 */
final class CachedEmbedder implements Embedder {
  private static final int MAGIC = 0x454d4231; // "EMB1"

  private final Embedder model;
  private final Map<String, float[]> vectors = new ConcurrentHashMap<>();
  private volatile boolean changed;

  private CachedEmbedder(Embedder model) {
    this.model = model;
  }

  /** {@code model} remembered in memory, primed with what {@code file} holds (if it exists). */
  static CachedEmbedder over(Embedder model, java.util.Optional<Path> file) throws IOException {
    CachedEmbedder cached = new CachedEmbedder(model);
    if (file.isPresent() && Files.isRegularFile(file.get())) {
      try (InputStream raw = Files.newInputStream(file.get());
          DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(raw))) {
        if (in.readInt() != MAGIC) {
          throw new IOException(file.get() + " is not a vector cache");
        }
        int n = in.readInt();
        for (int i = 0; i < n; i++) {
          String key = in.readUTF();
          float[] v = new float[in.readInt()];
          for (int d = 0; d < v.length; d++) {
            v[d] = in.readFloat();
          }
          cached.vectors.put(key, v);
        }
      }
    }
    return cached;
  }

  /** Writes what is remembered to {@code file} when anything was added. */
  void save(Path file) throws IOException {
    if (!changed) {
      return;
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(MAGIC);
      out.writeInt(vectors.size());
      for (Map.Entry<String, float[]> e : vectors.entrySet()) {
        out.writeUTF(e.getKey());
        out.writeInt(e.getValue().length);
        for (float f : e.getValue()) {
          out.writeFloat(f);
        }
      }
    }
    if (file.getParent() != null) {
      Files.createDirectories(file.getParent());
    }
    AtomicFiles.write(file, bytes.toByteArray());
  }

  @Override
  public float[] embed(String text) {
    return vectors.computeIfAbsent(key("d", text), k -> {
      changed = true;
      return model.embed(text);
    });
  }

  @Override
  public float[] embedQuery(String query) {
    return vectors.computeIfAbsent(key("q", query), k -> {
      changed = true;
      return model.embedQuery(query);
    });
  }

  @Override
  public List<float[]> embedAll(List<String> texts) {
    List<String> missing = new ArrayList<>();
    for (String t : texts) {
      if (!vectors.containsKey(key("d", t))) {
        missing.add(t);
      }
    }
    if (!missing.isEmpty()) {
      List<float[]> fresh = model.embedAll(missing);
      for (int i = 0; i < missing.size(); i++) {
        vectors.put(key("d", missing.get(i)), fresh.get(i));
      }
      changed = true;
    }
    return texts.stream().map(t -> vectors.get(key("d", t))).toList();
  }

  /** The model's token vectors, not remembered: recall keeps those itself, and the file would grow a hundredfold. */
  @Override
  public List<float[]> tokenVectors(String text, boolean query) {
    return model.tokenVectors(text, query);
  }

  @Override
  public Reading reading(String query) {
    return model.reading(query);
  }

  @Override
  public List<Embedder> otherReaders(String query) {
    return model.otherReaders(query);
  }

  /**
   * The wrapped embedder's models: recall tells a pair by them (its calibration across scripts, its Japanese reference
   * prompts), so a cached pair must still count as two, or a benchmark measures another ranking than the product's.
   */
  @Override
  public List<Embedder> models() {
    List<Embedder> models = model.models();
    return models.size() == 1 && models.get(0) == model ? List.of(this) : models;
  }

  @Override
  public boolean reads(io.engram.recall.Script script) {
    return model.reads(script);
  }

  @Override
  public int dimension() {
    return model.dimension();
  }

  @Override
  public String name() {
    return model.name();
  }

  private String key(String kind, String text) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update((model.name() + "\u0000" + kind + "\u0000").getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new UncheckedIOException(new IOException("SHA-256 is missing from this JVM", e));
    }
  }
}

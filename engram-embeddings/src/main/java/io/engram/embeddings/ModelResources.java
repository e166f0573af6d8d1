package io.engram.embeddings;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Where a model's files are read from: the classpath first (the default model ships inside
 * {@code engram.jar}), then a models directory ({@code <engram-home>/models/}) holding either the model's
 * Maven artifact jar as published or the two files themselves. Only the named resources are read from a
 * jar: no class of it is loaded. The models directory also keeps ONNX Runtime's native libraries, unpacked once.
 */
public final class ModelResources {
  private final Optional<Path> directory;

  private ModelResources(Optional<Path> directory) {
    this.directory = Objects.requireNonNull(directory, "directory");
  }

  /** The classpath only. */
  public static ModelResources classpath() {
    return new ModelResources(Optional.empty());
  }

  /** The classpath, then {@code directory} (which need not exist). */
  public static ModelResources classpathAnd(Path directory) {
    return new ModelResources(Optional.of(directory));
  }

  /** The models directory searched after the classpath, if any. */
  public Optional<Path> directory() {
    return directory;
  }

  /**
   * Where ONNX Runtime's native libraries are unpacked once and loaded from ({@code native/} in the models
   * directory), if there is a models directory; without one ONNX Runtime unpacks them into a temporary directory of
   * its own in each JVM.
   */
  public Optional<Path> nativeDirectory() {
    return directory.map(d -> d.resolve("native"));
  }

  /** Whether both of {@code model}'s files can be read from here. */
  public boolean has(BertModel model) {
    return find(model.onnxResource()).isPresent() && find(model.tokenizerResource()).isPresent();
  }

  /**
   * The bytes of {@code model}'s resource {@code name}.
   *
   * @throws IllegalStateException naming the artifact to fetch and where to put it, when it is nowhere
   */
  byte[] read(BertModel model, String name) {
    Optional<Source> source = find(name);
    if (source.isEmpty()) {
      throw new IllegalStateException(missing(model, name));
    }
    try (InputStream in = source.get().open()) {
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + name + " from " + source.get().where() + ": " + e.getMessage(), e);
    }
  }

  /** The message for a model that is not here: what to fetch, where to put it, what else to choose. */
  String missing(BertModel model, String name) {
    String where = directory.map(d -> " nor in " + d).orElse("");
    String put = directory.map(d -> "put the jar of " + model.artifact() + " (from Maven Central) into " + d)
        .orElse("put the jar of " + model.artifact() + " on the classpath");
    return "the embedding model " + model.name() + " is not in this build (" + name + " is not on the classpath"
        + where + "): " + put + ", or set recall.embeddingModel to a model that ships with Engram ("
        + BertModel.KNOWN.stream().filter(m -> classpath().has(m)).map(BertModel::name).toList() + ")";
  }

  /** One place a resource was found. */
  private interface Source {
    InputStream open() throws IOException;

    String where();
  }

  private Optional<Source> find(String name) {
    if (ModelResources.class.getClassLoader().getResource(name) != null) {
      return Optional.of(new Source() {
        @Override
        public InputStream open() {
          return ModelResources.class.getClassLoader().getResourceAsStream(name);
        }

        @Override
        public String where() {
          return "the classpath";
        }
      });
    }
    if (directory.isEmpty() || !Files.isDirectory(directory.get())) {
      return Optional.empty();
    }
    Path file = directory.get().resolve(name);
    if (Files.isRegularFile(file)) {
      return Optional.of(new Source() {
        @Override
        public InputStream open() throws IOException {
          return Files.newInputStream(file);
        }

        @Override
        public String where() {
          return file.toString();
        }
      });
    }
    for (Path jar : jars(directory.get())) {
      try (ZipFile zip = new ZipFile(jar.toFile())) {
        if (zip.getEntry(name) != null) {
          return Optional.of(new Source() {
            @Override
            public InputStream open() throws IOException {
              ZipFile z = new ZipFile(jar.toFile());
              ZipEntry entry = z.getEntry(name);
              return new java.io.FilterInputStream(z.getInputStream(entry)) {
                @Override
                public void close() throws IOException {
                  try {
                    super.close();
                  } finally {
                    z.close();
                  }
                }
              };
            }

            @Override
            public String where() {
              return jar.toString();
            }
          });
        }
      } catch (IOException e) {
        // Not a readable jar: it cannot hold the model; the others are still searched.
      }
    }
    return Optional.empty();
  }

  private static List<Path> jars(Path dir) {
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.jar")) {
      s.forEach(out::add);
    } catch (IOException e) {
      return List.of();
    }
    out.sort(null);
    return out;
  }
}

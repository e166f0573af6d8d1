package io.engram.embeddings;

import ai.onnxruntime.OrtEnvironment;
import io.engram.fs.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;

/**
 * ONNX Runtime's two native libraries, unpacked once into a directory that outlives the JVM and loaded from there.
 *
 * <p>Left to itself, ONNX Runtime copies 16 MB of libraries out of its jar into a new directory under
 * {@code java.io.tmpdir} in every JVM that embeds, and only asks for them to be deleted on exit: the directory is
 * asked first, while it still holds the libraries, so each run leaves an empty directory behind, and a process that
 * is killed (a hook past its time) leaves the 16 MB. Here the libraries go to {@code <cache>/<platform>-<crc>/}
 * (the CRC-32 of the runtime library as the jar records it, so another ONNX Runtime build gets its own directory)
 * and ONNX Runtime is pointed there through its {@code onnxruntime.native.path} property. A library already there
 * with the jar's size is used as it is; a missing or short one is written through {@link AtomicFiles} (a temporary
 * file beside it, forced to disk and renamed over), so two processes unpacking at once both end with a whole file. Without a directory to
 * keep them in (a library user's {@link ModelResources#classpath()}), they are unpacked into a new temporary
 * directory that is deleted as soon as ONNX Runtime has loaded them. When anything here fails (no such platform in
 * the jar, a directory that cannot be written, the property already set by the user) ONNX Runtime is left to its
 * own way.
 */
final class RuntimeLibraries {
  /** The system property ONNX Runtime reads the directory of its libraries from. */
  static final String PROPERTY = "onnxruntime.native.path";

  private static final String RESOURCES = "/ai/onnxruntime/native/";
  private static final List<String> LIBRARIES = List.of("onnxruntime", "onnxruntime4j_jni");

  private static boolean loaded;

  private RuntimeLibraries() {}

  /**
   * ONNX Runtime's environment, its libraries loaded on the first call: from {@code cache}, unpacked there once,
   * or, without a cache, from a copy in a new temporary directory deleted as soon as they are loaded (a loaded
   * library needs no file on Linux and macOS; elsewhere the copy goes when the JVM exits).
   *
   * @throws IllegalStateException when ONNX Runtime cannot load its libraries
   */
  static synchronized OrtEnvironment environment(Optional<Path> cache) {
    if (loaded) {
      return OrtEnvironment.getEnvironment();
    }
    Optional<Path> copy = Optional.empty();
    if (cache.isPresent()) {
      useFrom(cache.get());
    } else if (System.getProperty(PROPERTY) == null) {
      try {
        Path temporary = Files.createTempDirectory("engram-onnxruntime");
        copy = Optional.of(temporary);
        useFrom(temporary);
      } catch (IOException e) {
        // ONNX Runtime unpacks them its own way.
      }
    }
    try {
      OrtEnvironment environment = OrtEnvironment.getEnvironment();
      loaded = true;
      removeScratchDirectory();
      return environment;
    } catch (RuntimeException | LinkageError e) {
      copy.ifPresent(c -> System.clearProperty(PROPERTY));
      throw new IllegalStateException("ONNX Runtime cannot load its native libraries: " + e.getMessage(), e);
    } finally {
      copy.ifPresent(RuntimeLibraries::delete);
    }
  }

  /**
   * Removes the directory ONNX Runtime makes in {@code java.io.tmpdir} as it loads, whatever it loads from, when it is
   * empty. ONNX Runtime only asks for it to be deleted at exit, so a process killed before it exits (a hook past its
   * time) leaves it behind. It is a private field of ONNX Runtime's: if it cannot be read, the exit still deletes it.
   */
  private static void removeScratchDirectory() {
    try {
      Field field = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("tempDirectory");
      field.setAccessible(true);
      if (field.get(null) instanceof Path dir && dir.getFileName().toString().startsWith("onnxruntime-java")) {
        Files.deleteIfExists(dir);
      }
    } catch (ReflectiveOperationException | RuntimeException | IOException e) {
      // Not empty (a provider library ONNX Runtime unpacked there), or another ONNX Runtime: left to its exit.
    }
  }

  /**
   * Points ONNX Runtime at its libraries under {@code cache}, unpacking them there first when they are missing; a
   * no-op when the property is already set, and ONNX Runtime is left to its own way when they cannot be unpacked.
   */
  private static void useFrom(Path cache) {
    if (System.getProperty(PROPERTY) == null) {
      unpack(cache, platform()).ifPresent(d -> System.setProperty(PROPERTY, d.toString()));
    }
  }

  /** The libraries of {@code platform} unpacked under {@code cache}, or empty when they cannot be. */
  static Optional<Path> unpack(Path cache, String platform) {
    try {
      List<Entry> entries = new ArrayList<>();
      for (String library : LIBRARIES) {
        Optional<Entry> e = entry(platform, library);
        if (e.isEmpty()) {
          return Optional.empty();
        }
        entries.add(e.get());
      }
      Path dir = cache.resolve(platform + "-" + Long.toHexString(entries.get(0).crc()));
      for (Entry e : entries) {
        Path file = dir.resolve(e.fileName());
        if (!Files.isRegularFile(file) || Files.size(file) != e.size()) {
          write(e, file);
        }
      }
      return Optional.of(dir);
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  private static void delete(Path dir) {
    List<Path> all;
    try (Stream<Path> walk = Files.walk(dir)) {
      all = walk.sorted(Comparator.reverseOrder()).toList();
    } catch (IOException e) {
      return;
    }
    List<Path> left = new ArrayList<>();
    for (Path p : all) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        left.add(p); // a loaded library on Windows, and so its directory
      }
    }
    // The JVM's exit deletes the last asked first: the directory is asked first, so it goes after its files.
    for (int i = left.size() - 1; i >= 0; i--) {
      left.get(i).toFile().deleteOnExit();
    }
  }

  /** ONNX Runtime's name for this machine's platform, as in its jar: {@code linux-x64}, {@code osx-aarch64}. */
  static String platform() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
    String system = os.contains("mac") || os.contains("darwin") ? "osx" : os.contains("win") ? "win" : "linux";
    String cpu = arch.startsWith("amd64") || arch.startsWith("x86_64") ? "x64"
        : arch.startsWith("aarch64") || arch.startsWith("arm64") ? "aarch64" : arch;
    return system + "-" + cpu;
  }

  /** A library in ONNX Runtime's jar: where it is, its file name, its size and CRC-32. */
  private record Entry(URL url, String fileName, long size, long crc) {}

  private static Optional<Entry> entry(String platform, String library) throws IOException {
    String fileName = System.mapLibraryName(library).replace("jnilib", "dylib");
    URL url = RuntimeLibraries.class.getResource(RESOURCES + platform + "/" + fileName);
    if (url == null) {
      return Optional.empty();
    }
    URLConnection connection = url.openConnection();
    if (connection instanceof JarURLConnection jar && jar.getJarEntry().getSize() >= 0
        && jar.getJarEntry().getCrc() >= 0) {
      // The jar records both: nothing is inflated to learn them.
      return Optional.of(new Entry(url, fileName, jar.getJarEntry().getSize(), jar.getJarEntry().getCrc()));
    }
    try (CheckedInputStream in = new CheckedInputStream(connection.getInputStream(), new CRC32())) {
      long size = in.transferTo(OutputStream.nullOutputStream());
      return Optional.of(new Entry(url, fileName, size, in.getChecksum().getValue()));
    }
  }

  private static void write(Entry entry, Path file) throws IOException {
    byte[] bytes;
    try (InputStream in = entry.url().openStream()) {
      bytes = in.readAllBytes();
    }
    if (bytes.length != entry.size()) {
      throw new IOException("read " + bytes.length + " bytes of " + entry.fileName() + ", the jar holds " + entry.size());
    }
    AtomicFiles.write(file, bytes);
  }
}

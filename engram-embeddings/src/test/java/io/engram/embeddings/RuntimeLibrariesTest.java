package io.engram.embeddings;

import io.engram.testing.ChildProcess;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RuntimeLibrariesTest {
  private static final List<String> LIBRARY_FILES =
      List.of(System.mapLibraryName("onnxruntime"), System.mapLibraryName("onnxruntime4j_jni"));

  @TempDir Path cache;

  @Test
  void unpacksBothLibrariesIntoADirectoryNamedForThePlatformAndTheBuild() throws IOException {
    Path dir = RuntimeLibraries.unpack(cache, RuntimeLibraries.platform()).orElseThrow();

    assertThat(dir.getParent()).isEqualTo(cache);
    assertThat(dir.getFileName().toString()).matches(RuntimeLibraries.platform() + "-[0-9a-f]+");
    assertThat(names(dir)).containsExactlyInAnyOrderElementsOf(LIBRARY_FILES);
    for (Path library : files(dir)) {
      byte[] fromJar = resource(library.getFileName().toString());
      assertThat(Files.mismatch(library, write(fromJar))).isEqualTo(-1L);
    }
  }

  @Test
  void librariesAlreadyUnpackedAreUsedAsTheyAre() throws IOException {
    Path dir = RuntimeLibraries.unpack(cache, RuntimeLibraries.platform()).orElseThrow();
    List<Object> before = new ArrayList<>();
    for (Path f : files(dir)) {
      before.add(Files.readAttributes(f, BasicFileAttributes.class).fileKey());
    }

    assertThat(RuntimeLibraries.unpack(cache, RuntimeLibraries.platform())).contains(dir);

    List<Object> after = new ArrayList<>();
    for (Path f : files(dir)) {
      after.add(Files.readAttributes(f, BasicFileAttributes.class).fileKey());
    }
    assertThat(after).isEqualTo(before);
  }

  @Test
  void aShortLibraryFromAnInterruptedCopyIsWrittenAgainWhole() throws IOException {
    Path dir = RuntimeLibraries.unpack(cache, RuntimeLibraries.platform()).orElseThrow();
    Path runtime = dir.resolve(System.mapLibraryName("onnxruntime"));
    long size = Files.size(runtime);
    try (FileChannel c = FileChannel.open(runtime, StandardOpenOption.WRITE)) {
      c.truncate(size / 3);
    }

    RuntimeLibraries.unpack(cache, RuntimeLibraries.platform()).orElseThrow();

    assertThat(Files.size(runtime)).isEqualTo(size);
    assertThat(names(dir)).as("no temporary file left").containsExactlyInAnyOrderElementsOf(LIBRARY_FILES);
  }

  @Test
  void processesUnpackingAtOnceAllEndWithWholeLibraries() throws Exception {
    int writers = 4;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Optional<Path>>> runs = new ArrayList<>();
      for (int i = 0; i < writers; i++) {
        Callable<Optional<Path>> run = () -> {
          start.await();
          return RuntimeLibraries.unpack(cache, RuntimeLibraries.platform());
        };
        runs.add(pool.submit(run));
      }
      start.countDown();
      Path first = runs.get(0).get(2, TimeUnit.MINUTES).orElseThrow();
      for (Future<Optional<Path>> r : runs) {
        assertThat(r.get(2, TimeUnit.MINUTES)).contains(first);
      }
      for (Path library : files(first)) {
        assertThat(Files.size(library)).isEqualTo(resource(library.getFileName().toString()).length);
      }
      assertThat(names(first)).as("no temporary file left").containsExactlyInAnyOrderElementsOf(LIBRARY_FILES);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aPlatformTheJarDoesNotHoldIsLeftToOnnxRuntime() throws IOException {
    assertThat(RuntimeLibraries.unpack(cache, "plan9-mips")).isEmpty();
    assertThat(names(cache)).isEmpty();
  }

  @Test
  void aCacheThatCannotBeWrittenIsLeftToOnnxRuntime() throws IOException {
    Path file = Files.writeString(cache.resolve("not-a-directory"), "x");

    assertThat(RuntimeLibraries.unpack(file, RuntimeLibraries.platform())).isEmpty();
    assertThat(Files.readString(file)).isEqualTo("x");
  }

  @Test
  void anEmbedderLoadedWithAModelsDirectoryLeavesNothingInTheTemporaryDirectory() throws Exception {
    Path tmp = Files.createDirectories(cache.resolve("tmp"));
    Path models = cache.resolve("models");
    // Read on threads of its own and waited for with a deadline; killed with its children there.
    ChildProcess.Run child = ChildProcess.run(embedOnce(tmp, List.of(), models.toString()), "", Duration.ofMinutes(2));
    String output = child.out();

    assertThat(child.exit()).as(output).isZero();
    assertThat(output).isEqualTo("384 dimensions, loaded from " + models.resolve("native") + ", still there: true\n");
    assertThat(names(tmp)).as("left in java.io.tmpdir").isEmpty();
    assertThat(names(models.resolve("native"))).hasSize(1);
  }

  @Test
  void anEmbedderReadFromTheClasspathAloneDeletesItsCopyOnceLoaded() throws Exception {
    Path tmp = Files.createDirectories(cache.resolve("tmp"));
    // Read on threads of its own and waited for with a deadline; killed with its children there.
    ChildProcess.Run child = ChildProcess.run(embedOnce(tmp, List.of()), "", Duration.ofMinutes(2));
    String output = child.out();

    assertThat(child.exit()).as(output).isZero();
    assertThat(output).startsWith("384 dimensions, loaded from " + tmp.toRealPath()).endsWith(", still there: false\n");
    assertThat(names(tmp)).as("left in java.io.tmpdir").isEmpty();
  }

  @Test
  void anEmbedderKilledBeforeItExitsLeavesNothingInTheTemporaryDirectory() throws Exception {
    Path tmp = Files.createDirectories(cache.resolve("tmp"));
    Path models = cache.resolve("models");
    // Halted rather than ended: nothing the JVM would delete at its exit is deleted, as when a hook is killed.
    ChildProcess.Run child = ChildProcess.run(embedOnce(tmp, List.of("-Dengram.test.halt=true"), models.toString()), "",
        Duration.ofMinutes(2));
    String output = child.out();

    assertThat(child.exit()).as(output).isEqualTo(3);
    assertThat(output).startsWith("384 dimensions");
    assertThat(names(tmp)).as("left in java.io.tmpdir").isEmpty();
  }

  /**
   * A JVM that runs {@link EmbedOnceMain} with {@code args}, its temporary directory {@code tmp}, its stdout and stderr
   * together. The quick compiler and the serial collector, as the test JVMs have: it lives a second or two, loading
   * and running the model once, which the optimising compiler would not earn back.
   */
  private static ProcessBuilder embedOnce(Path tmp, List<String> options, String... args) {
    List<String> command = ChildProcess.quickJvm("-Djava.io.tmpdir=" + tmp);
    command.addAll(options);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), EmbedOnceMain.class.getName()));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectErrorStream(true);
  }

  /**
   * Embeds one text with the default model, read through the models directory given or the classpath alone; halts
   * the JVM with status 3, skipping what it would do at exit, when {@code engram.test.halt} is set.
   */
  static final class EmbedOnceMain {
    public static void main(String[] args) {
      ModelResources from = args.length > 0 ? ModelResources.classpathAnd(Path.of(args[0])) : ModelResources.classpath();
      OnnxBertEmbedder embedder = OnnxBertEmbedder.load(BertModel.ALL_MINILM_L6_V2_Q, from);
      Path libraries = Path.of(System.getProperty(RuntimeLibraries.PROPERTY));
      System.out.println(embedder.embed("where the libraries live").length + " dimensions, loaded from "
          + libraries.getParent() + ", still there: " + Files.exists(libraries));
      if (Boolean.getBoolean("engram.test.halt")) {
        System.out.flush();
        Runtime.getRuntime().halt(3);
      }
    }
  }

  private static byte[] resource(String fileName) throws IOException {
    try (var in = RuntimeLibraries.class.getResourceAsStream(
        "/ai/onnxruntime/native/" + RuntimeLibraries.platform() + "/" + fileName)) {
      return in.readAllBytes();
    }
  }

  private Path write(byte[] bytes) throws IOException {
    return Files.write(Files.createTempFile(cache, "expected", ".bin"), bytes);
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  private static List<String> names(Path dir) throws IOException {
    return files(dir).stream().map(p -> p.getFileName().toString()).toList();
  }
}

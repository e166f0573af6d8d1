package io.engram.embeddings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelDownloadTest {
  private static final byte[] JAR = "a model's jar, as a Maven repository serves it".repeat(5000)
      .getBytes(StandardCharsets.UTF_8);
  private static final String PATH = "/maven2/org/example/tiny-model/1.0/tiny-model-1.0.jar";

  @TempDir Path home;

  private HttpServer server;
  private final AtomicInteger requests = new AtomicInteger();
  private volatile byte[] served = JAR;

  @BeforeEach
  void serve() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/maven2/", exchange -> {
      requests.incrementAndGet();
      if (!exchange.getRequestURI().getPath().equals(PATH)) {
        exchange.sendResponseHeaders(404, -1);
        exchange.close();
        return;
      }
      exchange.sendResponseHeaders(200, served.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(served);
      }
    });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private URI repository() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/maven2");
  }

  private static BertModel model(String artifact, Optional<String> sha256) {
    return new BertModel("tiny", "tiny.onnx", "tiny-tokenizer.json", 8, Pooling.MEAN, "", "", artifact, sha256);
  }

  private static String sha256(byte[] bytes) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
  }

  @Test
  void theJarIsFetchedCheckedAndPutIntoTheModelsDirectoryWithItsProgress() throws Exception {
    BertModel tiny = model("org.example:tiny-model:1.0", Optional.of(sha256(JAR)));
    List<Long> progress = new ArrayList<>();
    Path models = home.resolve("models");

    ModelDownload.Installed installed = ModelDownload.from(repository()).install(tiny, models,
        (received, total) -> {
          assertThat(total).hasValue(JAR.length);
          progress.add(received);
        });

    assertThat(installed.fetched()).isTrue();
    assertThat(installed.jar()).isEqualTo(models.resolve("tiny-model-1.0.jar"));
    assertThat(Files.readAllBytes(installed.jar())).isEqualTo(JAR);
    assertThat(progress).first().isEqualTo(0L);
    assertThat(progress).last().isEqualTo((long) JAR.length);
    assertThat(progress).isSorted();
  }

  @Test
  void aLocalDirectoryLaidOutAsARepositoryServesTheJarWithTheSameCheck() throws Exception {
    Path local = home.resolve("m2 repository");
    Path jar = local.resolve(PATH.substring("/maven2/".length()));
    Files.createDirectories(jar.getParent());
    Files.write(jar, JAR);
    BertModel tiny = model("org.example:tiny-model:1.0", Optional.of(sha256(JAR)));
    BertModel wrong = model("org.example:tiny-model:1.0", Optional.of(sha256("other".getBytes(StandardCharsets.UTF_8))));

    ModelDownload.Installed installed = ModelDownload.from(local.toUri()).install(tiny, home.resolve("a"), (r, t) -> { });
    ModelDownload.Installed byPath = ModelDownload.from(URI.create(local.toUri().getRawPath()))
        .install(tiny, home.resolve("b"), (r, t) -> { });

    assertThat(Files.readAllBytes(installed.jar())).isEqualTo(JAR);
    assertThat(byPath.fetched()).isTrue();
    assertThatThrownBy(() -> ModelDownload.from(local.toUri()).install(wrong, home.resolve("c"), (r, t) -> { }))
        .isInstanceOf(IOException.class).hasMessageContaining("not the published");
    assertThat(home.resolve("c").resolve("tiny-model-1.0.jar")).doesNotExist();
    assertThatThrownBy(() -> ModelDownload.from(home.resolve("empty").toUri()).install(tiny, home.resolve("d"),
        (r, t) -> { })).isInstanceOf(IOException.class).hasMessageContaining("does not exist");
    assertThatThrownBy(() -> ModelDownload.from(URI.create("ftp://example.org/maven2")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ftp://example.org/maven2");
  }

  @Test
  void aJarAlreadyInPlaceWithItsChecksumIsNotFetchedAgain() throws Exception {
    BertModel tiny = model("org.example:tiny-model:1.0", Optional.of(sha256(JAR)));
    ModelDownload download = ModelDownload.from(repository());
    download.install(tiny, home, (r, t) -> { });

    ModelDownload.Installed again = download.install(tiny, home, (r, t) -> { });

    assertThat(again.fetched()).isFalse();
    assertThat(requests).hasValue(1);
  }

  @Test
  void aDownloadWhoseChecksumIsNotThePublishedOneWritesNothing() throws Exception {
    BertModel tiny = model("org.example:tiny-model:1.0", Optional.of(sha256(JAR)));
    served = "something else".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> ModelDownload.from(repository()).install(tiny, home, (r, t) -> { }))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("not the published " + sha256(JAR))
        .hasMessageContaining("nothing was installed");
    try (var files = Files.list(home)) {
      assertThat(files.filter(f -> f.getFileName().toString().endsWith(".jar"))).isEmpty();
    }
  }

  @Test
  void anArtifactTheRepositoryDoesNotHaveIsNamedWithTheAnswer() throws Exception {
    BertModel absent = model("org.example:absent:2.0", Optional.of(sha256(JAR)));

    assertThatThrownBy(() -> ModelDownload.from(repository()).install(absent, home, (r, t) -> { }))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("org/example/absent/2.0/absent-2.0.jar")
        .hasMessageContaining("HTTP 404");
  }

  @Test
  void aModelWithoutAKnownChecksumIsNotDownloaded() {
    BertModel unpinned = model("org.example:tiny-model:1.0", Optional.empty());

    assertThatThrownBy(() -> ModelDownload.from(repository()).install(unpinned, home, (r, t) -> { }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("knows no checksum");
    assertThat(requests).hasValue(0);
  }

  @Test
  void everyKnownModelOutsideEngramJarHasAPinnedChecksumOrSaysItHasNone() {
    for (BertModel m : BertModel.KNOWN) {
      assertThat(m.artifactPath()).startsWith("dev/langchain4j/").endsWith(m.artifactFileName());
      m.artifactSha256().ifPresent(sha -> assertThat(sha).matches("[0-9a-f]{64}"));
    }
    assertThat(BertModel.BGE_SMALL_ZH_V15_Q.artifactSha256()).isPresent();
  }
}

package io.engram.cli.config;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.engram.cli.CommandRun;
import io.engram.cli.output.JsonOutput;
import io.engram.embeddings.BertModel;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelsCommandTest {
  @TempDir Path home;
  @TempDir Path project;

  @Test
  void listSaysWhereEachModelIsAndWhichRecallUses() throws Exception {
    CommandRun run = CommandRun.in(home, project, "models", "list", "--json");

    assertThat(run.exitCode()).isZero();
    JsonNode models = JsonOutput.mapper().readTree(run.out());
    assertThat(models).hasSize(BertModel.KNOWN.size());
    assertThat(models.get(0).get("name").asText()).isEqualTo("all-MiniLM-L6-v2-q");
    assertThat(models.get(0).get("where").asText()).isEqualTo("engram.jar");
    assertThat(models.get(0).get("configured").asBoolean()).isTrue();
    JsonNode chinese = models.get(BertModel.KNOWN.indexOf(BertModel.BGE_SMALL_ZH_V15_Q));
    assertThat(chinese.get("where").asText()).isEqualTo("not installed");
    assertThat(chinese.get("artifact").asText()).isEqualTo(BertModel.BGE_SMALL_ZH_V15_Q.artifact());
  }

  @Test
  void aModelThatShipsInEngramJarNeedsNoInstalling() {
    CommandRun run = CommandRun.in(home, project, "models", "add", "all-MiniLM-L6-v2-q");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("ships in engram.jar");
  }

  @Test
  void anUnknownModelIsAnErrorThatNamesTheKnownOnes() {
    CommandRun run = CommandRun.in(home, project, "models", "add", "no-such-model");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("no-such-model").contains("bge-small-zh-v1.5-q");
  }

  @Test
  void aLocalRepositoryDirectoryIsReadByItsPathAndCheckedAsADownloadIs() throws Exception {
    Path local = home.resolve("local repo");
    Path jar = local.resolve(BertModel.BGE_SMALL_ZH_V15_Q.artifactPath());
    Files.createDirectories(jar.getParent());
    Files.writeString(jar, "not the model");

    CommandRun wrong = CommandRun.in(home, project, "models", "add", "bge-small-zh-v1.5-q", "--repository",
        local.toString());
    CommandRun missing = CommandRun.in(home, project, "models", "add", "bge-small-zh-v1.5-q", "--repository",
        home.resolve("nowhere").toString());
    CommandRun ftp = CommandRun.in(home, project, "models", "add", "bge-small-zh-v1.5-q", "--repository",
        "ftp://example.org/maven2");

    assertThat(wrong.exitCode()).isEqualTo(1);
    assertThat(wrong.err()).contains("nothing was installed");
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).contains("does not exist");
    assertThat(ftp.exitCode()).isNotZero();
    assertThat(ftp.err()).contains("neither an http(s) URL nor a directory");
    assertThat(home.resolve("models").resolve(BertModel.BGE_SMALL_ZH_V15_Q.artifactFileName())).doesNotExist();
  }

  @Test
  void aDownloadThatIsNotThePublishedJarFailsAndInstallsNothing() throws Exception {
    List<String> asked = new ArrayList<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    byte[] body = "not the model".getBytes(StandardCharsets.UTF_8);
    server.createContext("/", exchange -> {
      asked.add(exchange.getRequestURI().getPath());
      exchange.sendResponseHeaders(200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.start();
    try {
      CommandRun run = CommandRun.in(home, project, "models", "add", "bge-small-zh-v1.5-q",
          "--repository", "http://127.0.0.1:" + server.getAddress().getPort() + "/repo");

      assertThat(run.exitCode()).isEqualTo(1);
      assertThat(asked).containsExactly("/repo/" + BertModel.BGE_SMALL_ZH_V15_Q.artifactPath());
      assertThat(run.err()).contains("fetching bge-small-zh-v1.5-q: 100% of 0.0 MB")
          .contains("nothing was installed");
      assertThat(home.resolve("models").resolve(BertModel.BGE_SMALL_ZH_V15_Q.artifactFileName())).doesNotExist();
    } finally {
      server.stop(0);
    }
    try (var left = Files.list(home.resolve("models"))) {
      assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".jar") || n.endsWith(".part"));
    }
  }
}

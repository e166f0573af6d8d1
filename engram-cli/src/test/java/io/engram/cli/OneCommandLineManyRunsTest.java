package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.output.JsonOutput;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One command line built once and run many times, as the tests' runs share trees ({@link CommandRun}): each run
 * reads its own options, roots, settings file and stdin, never what an earlier run on the same tree left.
 */
class OneCommandLineManyRunsTest {
  @TempDir Path root;

  @Test
  void eachRunResolvesItsOwnHomeAndProjectAndTheDefaultsWhenItNamesNone() throws Exception {
    Path user = Files.createDirectories(root.resolve("user"));
    Path a = Files.createDirectories(root.resolve("a"));
    Path b = Files.createDirectories(root.resolve("b"));
    Path projectA = Files.createDirectories(root.resolve("project-a"));
    Path projectB = Files.createDirectories(root.resolve("project-b"));
    CommandRun.Reused cli = CommandRun.reused(Map.of("HOME", user.toString(), "ENGRAM_SERVICE", "off"), List.of());

    JsonNode first = config(cli, "--home", a.toString(), "--project", projectA.toString());
    JsonNode second = config(cli, "--home", b.toString(), "--project", projectB.toString());
    JsonNode neither = config(cli);

    assertThat(first.get("home").asText()).isEqualTo(a.toString());
    assertThat(first.get("project").asText()).isEqualTo(projectA.toString());
    assertThat(second.get("home").asText()).isEqualTo(b.toString());
    assertThat(second.get("project").asText()).isEqualTo(projectB.toString());
    assertThat(neither.get("home").asText()).isEqualTo(user.resolve(".engram").toString());
    assertThat(Path.of(neither.get("project").asText())).isEqualTo(Path.of("").toAbsolutePath());
  }

  @Test
  void eachRunReadsTheSettingsFileAsItIsWhenItRuns() throws Exception {
    Path home = Files.createDirectories(root.resolve("home"));
    CommandRun.Reused cli = CommandRun.reused(Map.of("ENGRAM_SERVICE", "off"), List.of("--home", home.toString()));

    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"filesPerTurn\": 7}}");
    JsonNode before = config(cli);
    Files.writeString(home.resolve("settings.json"), "{\"recall\": {\"filesPerTurn\": 9}}");
    JsonNode after = config(cli);

    assertThat(before.at("/settings/recall/filesPerTurn").asInt()).isEqualTo(7);
    assertThat(after.at("/settings/recall/filesPerTurn").asInt()).isEqualTo(9);
  }

  @Test
  void eachHookCallReadsTheStdinOfItsRunAndTakesItsCwdAsTheProject() throws Exception {
    Path home = Files.createDirectories(root.resolve("home"));
    Path user = Files.createDirectories(root.resolve("user"));
    Path first = Files.createDirectories(root.resolve("first"));
    Path second = Files.createDirectories(root.resolve("second"));
    List<String> global = List.of("--home", home.toString(), "--user-home", user.toString());
    InputStream before = System.in;
    try {
      // The first call's input is in place when the tree is built: a tree that kept the stdin it was built with would
      // give the second call an input already read to its end.
      System.setIn(stopInput("s1", first));
      CommandRun.Reused cli = CommandRun.reused(Map.of("ENGRAM_SERVICE", "off"), global);
      CommandRun one = cli.run("hook", "Stop");
      System.setIn(stopInput("s2", second));
      CommandRun two = cli.run("hook", "Stop");

      assertThat(one.exitCode()).as(one.err()).isZero();
      assertThat(two.exitCode()).as(two.err()).isZero();
      assertThat(two.err()).contains("remembered project memory 'tests-need-redis'");
      assertThat(names(cli.run("--project", first.toString(), "list", "--json"))).containsExactly("tests-need-redis");
      assertThat(names(cli.run("--project", second.toString(), "list", "--json"))).containsExactly("tests-need-redis");
    } finally {
      System.setIn(before);
    }
  }

  private static JsonNode config(CommandRun.Reused cli, String... global) throws Exception {
    String[] args = Stream.concat(Arrays.stream(global), Stream.of("config", "--json")).toArray(String[]::new);
    CommandRun run = cli.run(args);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return JsonOutput.mapper().readTree(run.out());
  }

  /** A Stop hook's input for {@code session} in the project {@code cwd}, its transcript written there. */
  private static InputStream stopInput(String session, Path cwd) throws Exception {
    Path transcript = Files.writeString(cwd.resolve(session + ".jsonl"), "{\"type\":\"user\",\"uuid\":\"u1\","
        + "\"sessionId\":\"" + session + "\",\"message\":{\"role\":\"user\",\"content\":\"The tests need Redis running"
        + " on localhost:6379.\"}}\n");
    return new ByteArrayInputStream(("{\"session_id\":\"" + session + "\",\"transcript_path\":" + quoted(transcript)
        + ",\"cwd\":" + quoted(cwd) + "}").getBytes(StandardCharsets.UTF_8));
  }

  private static String quoted(Path p) {
    return HookFixture.quoted(p.toString());
  }

  private static List<String> names(CommandRun list) throws Exception {
    assertThat(list.exitCode()).as(list.err()).isZero();
    JsonNode all = JsonOutput.mapper().readTree(list.out());
    List<String> names = new ArrayList<>();
    all.path("memories").forEach(m -> names.add(m.path("name").asText()));
    return names;
  }
}

package io.engram.cli.install;

import io.engram.testing.ChildProcess;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.cli.CommandRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code engram generate-completion}, sourced in a real bash that completes a command line as a user's would. */
class CompletionCommandTest {
  @TempDir Path tmp;

  private String script() {
    CommandRun run = CommandRun.of("generate-completion");
    assertThat(run.exitCode()).as(run.err()).isZero();
    return run.out();
  }

  /** The words bash offers for {@code line} (the cursor after its last word, which may be empty). */
  private List<String> complete(Path scriptFile, Path bin, String... line) throws Exception {
    StringBuilder words = new StringBuilder();
    for (String w : line) {
      words.append(" '").append(w.replace("'", "'\\''")).append("'");
    }
    String bash = "source " + scriptFile + "\nCOMP_WORDS=(" + words + ")\nCOMP_CWORD=" + (line.length - 1) + "\n"
        + "_engram_complete_with_memories engram\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
    // Outside a real completion bash's compopt complains on stderr, which is not what is offered.
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", bash).redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("PATH", bin + ":/usr/bin:/bin");
    String out = ChildProcess.run(pb, "", java.time.Duration.ofSeconds(60)).out();
    return out.lines().filter(l -> !l.isEmpty()).toList();
  }

  @Test
  void enumValuesAreOfferedInLowerCaseAsTheHelpSpellsThem() {
    String script = script();

    assertThat(script).contains("(\"user\" \"feedback\" \"project\" \"reference\") # --type values")
        .contains("(\"team\" \"conflict\" \"local\") # --keep values").doesNotContain("\"FEEDBACK\"");
    assertThat(CommandRun.in(tmp.resolve("home"), tmp, "list", "--type", "feedback").exitCode()).isZero();
  }

  @Test
  void theNamesOfTheProjectsMemoriesCompleteWhereACommandTakesOneQuotedForTheShell() throws Exception {
    Path home = tmp.resolve("home");
    Path project = Files.createDirectories(tmp.resolve("project"));
    CommandRun.in(home, project, "remember", "--type", "project", "--name", "deploy", "Canary first.");
    CommandRun.in(home, project, "remember", "--type", "project", "--name", "Bad Name With Spaces", "Spaces.");
    CommandRun.in(home, project, "remember", "--type", "project", "--name", "design", "Hexagonal.");
    Path scriptFile = Files.writeString(tmp.resolve("engram.bash"), script());
    // The engram the script asks is this build's, run from the test's class path with the quick compiler alone, as
    // the test JVMs: each completion is a JVM of a second or so.
    Path bin = Files.createDirectories(tmp.resolve("bin"));
    Path engram = Files.writeString(bin.resolve("engram"), "#!/bin/sh\nexec '"
        + Path.of(System.getProperty("java.home"), "bin", "java") + "' -Xshare:auto -XX:TieredStopAtLevel=1"
        + " -XX:+UseSerialGC -cp '" + System.getProperty("java.class.path") + "' io.engram.cli.EngramCommand \"$@\"\n");
    Files.setPosixFilePermissions(engram, PosixFilePermissions.fromString("rwxr-xr-x"));
    String[] where = {"engram", "--home", home.toString(), "--project", project.toString()};

    assertThat(complete(scriptFile, bin, concat(where, "show", "de")))
        .containsExactlyInAnyOrder("deploy", "design");
    assertThat(complete(scriptFile, bin, concat(where, "forget", "Bad")))
        .containsExactly("Bad\\ Name\\ With\\ Spaces");
    assertThat(complete(scriptFile, bin, concat(where, "show", "--hi"))).containsExactly("--history");
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }
}

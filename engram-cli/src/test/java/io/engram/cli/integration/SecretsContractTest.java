package io.engram.cli.integration;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.cli.HookFixture;
import io.engram.redact.ContractSecrets;
import io.engram.redact.SecretCorpus;
import io.engram.redact.Redaction;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets contract: no secret reaches disk, file names included. Each case of {@link ContractSecrets} (a line of
 * {@code redact/contract-secrets.tsv}; add one to extend the contract) goes in through every entry point that writes:
 * {@code engram remember} (as body, description and name), {@code engram add}, a session transcript (said by the user
 * as a correction, in the commands and URLs of tools, read back by tools as text and JSON, named in the paths of files
 * the agent touched) driven through
 * {@code extract}, {@code notes}, {@code compact} and the hooks with their real input, the MCP server's
 * {@code remember} and {@code recall} tools, the dream, {@code export} (a
 * directory and a zip) and {@code import} into a second home. Then every file under both homes, the project, the user
 * home and the bundles (names and contents, case-insensitively, a zip's entries unpacked), every model request and
 * everything printed is searched for each secret and each run of twelve of its characters: one hit fails the test,
 * including a secret the redactor itself misses.
 */
class SecretsContractTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SESSION = "contract-session-1";
  private static final int PROMPT_CASES = 8;

  @TempDir Path root;
  @TempDir Path work;
  private SecretExits exits;

  @AfterEach
  void stopModel() {
    if (exits != null) {
      exits.close();
    }
  }

  @Test
  void noSecretOfTheContractReachesDiskThroughAnyEntryPoint() throws Exception {
    exits = SecretExits.inProcess(root);
    HookFixture f = exits.fixture();
    List<SecretCorpus.SecretCase> cases = ContractSecrets.cases();
    Files.writeString(f.home().resolve("settings.json"), "{\"dream\":{\"minSessions\":1,\"minHoursBetween\":0}}");
    Path transcript = transcript(cases, f.project());

    List<String[]> commands = new ArrayList<>();
    for (int i = 0; i < cases.size(); i++) {
      String text = cases.get(i).text();
      commands.add(new String[] {"remember", "--type", "project", "--name", "contract " + i, "--description",
          SecretExits.oneLine(text), text});
      commands.add(new String[] {"remember", "--type", "reference", "--name", "named " + i + " "
          + SecretExits.prefix(text, 60), "--description", "where the key is", "the key is kept in the vault"});
      String alone = cases.get(i).secrets().get(0);
      if (standsAlone(alone)) {
        commands.add(new String[] {"remember", "--type", "reference", "--name", "key " + alone, "--description",
            "where the key is", "the key is kept in the vault"});
      }
      commands.add(new String[] {"add", "Never commit " + SecretExits.oneLine(text)});
    }
    exits.runEach(commands);
    exits.phase("remember and add, each case");
    exits.run("extract", "--json", transcript.toString());
    exits.run("notes", "--force", transcript.toString());
    exits.run("compact", "--json", transcript.toString());
    exits.run("compact", transcript.toString());
    exits.phase("extract, notes, compact");
    // Each prompt holds PROMPT_CASES cases: a hook run costs some 400 ms, and what it keeps of a prompt is the same.
    for (int i = 0; i < cases.size(); i += PROMPT_CASES) {
      String prompt = String.join("\n\n", cases.subList(i, Math.min(cases.size(), i + PROMPT_CASES)).stream()
          .map(SecretCorpus.SecretCase::text).toList());
      exits.record(f.hook("UserPromptSubmit", f.hookInput(SESSION, transcript,
          ",\"hook_event_name\":\"UserPromptSubmit\",\"prompt\":" + HookFixture.quoted(prompt))));
    }
    for (String event : List.of("PostToolUse", "Stop", "PreCompact", "SessionEnd", "SessionStart")) {
      exits.record(f.hook(event, f.hookInput(SESSION, transcript, ",\"hook_event_name\":\"" + event + "\","
          + "\"trigger\":\"auto\",\"reason\":\"exit\",\"source\":\"compact\",\"tool_name\":\"Read\","
          + "\"tool_input\":{\"file_path\":" + HookFixture.quoted(touchedFile(cases.get(0)).toString()) + "},"
          + "\"tool_response\":" + HookFixture.quoted(cases.get(0).text()) + ",\"custom_instructions\":"
          + HookFixture.quoted("keep " + cases.get(1).text()))));
    }
    exits.phase("hooks");
    try (HookFixture.McpHttp mcp = f.mcp()) {
      exits.initialize(mcp);
      for (int i = 0; i < cases.size(); i++) {
        String text = cases.get(i).text();
        String alone = cases.get(i).secrets().get(0);
        exits.post(mcp, "tools/call", "{\"name\":\"remember\",\"arguments\":{\"type\":\"reference\",\"name\":"
            + HookFixture.quoted(standsAlone(alone) ? "mcp key " + alone : "mcp " + SecretExits.prefix(text, 40))
            + ",\"description\":" + HookFixture.quoted(SecretExits.oneLine(text)) + ",\"body\":"
            + HookFixture.quoted(text) + "}}");
      }
      exits.post(mcp, "tools/call", "{\"name\":\"recall\",\"arguments\":{\"query\":\"deploy token password\"}}");
    }
    exits.phase("MCP remember and recall");
    exits.run("dream", "--force", "--json");
    exits.run("list", "--json");
    exits.run("recall", "--json", "deploy token password key");
    Path bundleDir = root.resolve("bundle-dir");
    Path bundleZip = root.resolve("bundle.zip");
    exits.run("export", "--versions", "--out", bundleDir.toString());
    exits.run("export", "--versions", "--out", bundleZip.toString());
    HookFixture other = f.withHome(exits.newHome(root));
    exits.record(other.run("import", bundleZip.toString()));
    exits.record(other.run("import", "--from", "engram-home", f.home().toString()));

    exits.phase("dream, list, recall, export, import");
    Map<String, String> written = writtenUnder(List.of(f.home(), f.project(), f.userHome(), bundleDir, other.home()));
    written.putAll(zipEntries(bundleZip));
    List<String> leaks = leaks(cases, written);
    leaks.forEach(l -> System.out.println("  leak: " + l));

    // The entry points really ran: memories, the instruction file, notes, a compaction and both bundles were written.
    assertThat(written.keySet()).anyMatch(p -> p.endsWith("MEMORY.md")).anyMatch(p -> p.endsWith("CLAUDE.md"))
        .anyMatch(p -> p.endsWith("notes.md")).anyMatch(p -> p.startsWith("bundle.zip!"));
    assertThat(written.keySet().stream().filter(p -> p.endsWith(".md"))).hasSizeGreaterThan(2 * cases.size());
    assertThat(exits.printed()).contains("[REDACTED");
    assertThat(String.join("\n", written.values())).contains("[redacted");
    assertThat(leaks).isEmpty();
  }

  /** Where each secret of {@code cases}, or a run of twelve of its characters, was found. */
  private List<String> leaks(List<SecretCorpus.SecretCase> cases, Map<String, String> written) throws IOException {
    List<String> needles = new ArrayList<>();
    for (SecretCorpus.SecretCase c : cases) {
      c.secrets().forEach(s -> ContractSecrets.needles(s).forEach(n -> needles.add(n.toLowerCase(Locale.ROOT))));
    }
    NeedleIndex index = new NeedleIndex(needles);
    Map<String, String> texts = new LinkedHashMap<>();
    written.forEach((path, content) -> {
      texts.put("the name " + path, path.toLowerCase(Locale.ROOT));
      texts.put(path, content);
    });
    texts.put("a model request", String.join("\n", exits.modelRequests()).toLowerCase(Locale.ROOT));
    texts.put("printed output", exits.printed().toLowerCase(Locale.ROOT));
    List<String> leaks = new ArrayList<>();
    texts.forEach((where, text) -> {
      for (String needle : index.foundIn(text)) {
        SecretCorpus.SecretCase c = cases.stream().filter(k -> k.secrets().stream()
            .anyMatch(s -> s.toLowerCase(Locale.ROOT).contains(needle))).findFirst().orElseThrow();
        int at = text.indexOf(needle);
        leaks.add(c.family() + " '" + needle + "' in " + where + ": ..."
            + text.substring(Math.max(0, at - 60), Math.min(text.length(), at + needle.length() + 40)).replace('\n', '|')
            + "...");
      }
    });
    return leaks;
  }

  /** Every file under {@code dirs}: its path to its bytes as lower-case ISO-8859-1 text. */
  private static Map<String, String> writtenUnder(List<Path> dirs) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    for (Path dir : dirs) {
      if (!Files.exists(dir)) {
        continue;
      }
      try (Stream<Path> s = Files.walk(dir)) {
        for (Path p : s.toList()) {
          String name = dir.getFileName() + "/" + dir.relativize(p);
          out.put(name, Files.isRegularFile(p)
              ? new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT) : "");
        }
      }
    }
    return out;
  }

  /** Every entry of the zip: {@code bundle.zip!NAME} to its bytes, unpacked, as lower-case text. */
  private static Map<String, String> zipEntries(Path zip) throws IOException {
    Map<String, String> out = new LinkedHashMap<>();
    try (InputStream in = Files.newInputStream(zip); ZipInputStream z = new ZipInputStream(in, StandardCharsets.UTF_8)) {
      for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
        out.put(zip.getFileName() + "!" + e.getName(),
            new String(z.readAllBytes(), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
      }
    }
    return out;
  }

  /**
   * Whether {@code secret} names its own kind with nothing around it (a provider's token format, a key block): only
   * such a secret can be known for one in a file's or a memory's name, where no words say what it is. A random run
   * with no format is redacted for its randomness in prose, but a file may be named so (an upload, a cache entry).
   */
  private static boolean standsAlone(String secret) {
    Redaction alone = SecretRedactor.standard().redact(secret);
    return !alone.text().contains(secret) && !alone.kinds().equals(List.of(SecretKind.HIGH_ENTROPY));
  }

  /**
   * A file the agent touched, holding the case's text (outside what is searched), named after the case's first
   * secret when that {@link #standsAlone}, else after the case's family.
   */
  private Path touchedFile(SecretCorpus.SecretCase c) throws IOException {
    String secret = c.secrets().get(0);
    String name = standsAlone(secret) ? secret : c.family() + "-" + Integer.toHexString(c.text().hashCode());
    Path file = work.resolve("touched").resolve(name.replaceAll("[^A-Za-z0-9._-]", "_") + ".txt");
    Files.createDirectories(file.getParent());
    Files.writeString(file, c.text());
    return file;
  }

  /**
   * A Claude Code transcript: each case said by the user as a correction, its file read and edited by the agent
   * (the result the case's text, and every other one the case inside a JSON document), and the agent's answer.
   */
  private Path transcript(List<SecretCorpus.SecretCase> cases, Path project) throws IOException {
    SessionRecords records = new SessionRecords(SESSION, project);
    Instant at = Instant.parse("2026-12-01T09:00:00Z");
    for (int i = 0; i < cases.size(); i++) {
      String text = cases.get(i).text();
      String said = cases.get(i).family().equals("chinese") ? "以后别把这个写进代码：" + text
          : "Don't hardcode this in the code, read it from the vault instead: " + text;
      records.add("u" + i, at.plusSeconds(6L * i), "user", SessionRecords.text(said));
      String file = touchedFile(cases.get(i)).toString();
      for (String tool : List.of("Read", "Edit", "Bash", "WebFetch")) {
        ObjectNode use = JSON.createObjectNode().put("type", "tool_use").put("id", "toolu_" + tool + i).put("name", tool);
        use.putObject("input").put("file_path", file).put("old_string", text).put("new_string", "${VAULT_VALUE}")
            .put("command", text).put("description", "try it").put("prompt", "what does it say")
            .put("url", "https://api.example.com/v1/export?access_token=" + cases.get(i).secrets().get(0));
        records.add("a" + tool + i, at.plusSeconds(6L * i + 1), "assistant", JSON.createArrayNode().add(use));
        String content = i % 2 == 0 ? text : JSON.createObjectNode().put("path", file).put("content", text).toString();
        ObjectNode result = JSON.createObjectNode().put("type", "tool_result").put("tool_use_id", "toolu_" + tool + i)
            .put("content", content);
        records.add("r" + tool + i, at.plusSeconds(6L * i + 2), "user", JSON.createArrayNode().add(result));
      }
      records.add("b" + i, at.plusSeconds(6L * i + 3), "assistant",
          SessionRecords.text("Understood, I moved " + text + " out of the code."));
    }
    return records.write(work.resolve(SESSION + ".jsonl"));
  }
}

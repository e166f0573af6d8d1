package io.engram.cli.team;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.redact.ContractSecrets;
import io.engram.redact.SecretCorpus;
import io.engram.redact.SecretKind;
import io.engram.redact.SecretRedactor;
import io.engram.team.TeamRole;
import io.engram.team.testing.TeamPostgres;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets contract for team memory: what reaches the team's database is redacted like what reaches files. Each
 * case of {@link ContractSecrets} is written into a member's topic file by hand (in its body, and its first secret, when
 * that stands alone, in the description and the file's name: what a person or another tool may leave there, which
 * Engram's own writes never hold), shared with {@code engram team share}, and pulled by a second member. Then every
 * row of every table of the database (as text), both members' homes (file names and contents) and what the commands
 * printed are searched for each secret and each run of twelve of its characters. The sharing member's own memory
 * directory is left out: it holds the files the secrets were written into by hand (moved to its trash once the team
 * holds their words), which this contract does not cover.
 */
class TeamSecretsContractTest {
  @RegisterExtension static final TeamPostgres PG = TeamPostgres.migratedWith("ada", "ben");

  @TempDir Path root;

  @Test
  void noSecretOfTheContractReachesTheTeamDatabaseOrAMirror() throws Exception {
    TeamMember ada = new TeamMember(PG.database(), root, "ada", "git@github.com:acme/contract.git");
    TeamMember ben = new TeamMember(PG.database(), root, "ben", "git@github.com:acme/contract.git");
    ada.connect(TeamRole.WRITER);
    ben.connect(TeamRole.READER);
    List<SecretCorpus.SecretCase> cases = ContractSecrets.cases();
    StringBuilder printed = new StringBuilder();
    List<Path> handWritten = new ArrayList<>();
    ada.remember("hand 0", "project", "PLACEHOLDER BODY");
    Path store = Path.of(ada.listed("hand 0").get("path").asText()).getParent();
    for (int i = 0; i < cases.size(); i++) {
      SecretCorpus.SecretCase c = cases.get(i);
      String name = "hand " + i;
      if (i > 0) {
        ada.remember(name, "project", "PLACEHOLDER BODY");
      }
      Path file = store.resolve("hand-" + i + ".md");
      assertThat(file).as("the file engram remember wrote").exists();
      String alone = c.secrets().get(0);
      String text = Files.readString(file).replace("PLACEHOLDER BODY", c.text());
      Path written = file;
      String shared = name;
      if (standsAlone(alone)) {
        shared = name + " " + alone;
        text = text.replace("name: " + name + "\n", "name: " + shared + "\n")
            .replace("About " + name, "About " + name + " " + alone);
        written = file.resolveSibling("hand-" + i + "-" + alone.replaceAll("[^A-Za-z0-9._-]", "_") + ".md");
        Files.delete(file);
      }
      Files.writeString(written, text);
      handWritten.add(written);
      printed.append(ada.ok("team", "share", shared).out());
    }
    printed.append(ada.ok("team", "sync").out()).append(ben.ok("team", "sync").out());
    printed.append(ben.ok("list", "--json").out());

    Map<String, String> written = new LinkedHashMap<>(databaseRows());
    written.putAll(filesUnder(ben.home, Path.of("none")));
    written.putAll(filesUnder(ada.home, handWritten.get(0).getParent()));
    written.put("printed output", printed.toString().toLowerCase(Locale.ROOT));
    List<String> leaks = leaks(cases, written);
    leaks.forEach(l -> System.out.println("  leak: " + l));

    // The shares really ran: every case is a row of the team's memories, and reached the second member's mirror.
    assertThat(written.entrySet().stream().filter(e -> e.getKey().startsWith("engram.memories ")).count())
        .isEqualTo(cases.size());
    assertThat(written.get("engram.memories 1")).contains("[redacted");
    assertThat(ben.json("list").get("memories")).hasSize(cases.size());
    assertThat(leaks).isEmpty();
  }

  // As the files' contract (SecretsContractTest): a secret the redactor finds alone, by more than its randomness.
  private static boolean standsAlone(String secret) {
    var alone = SecretRedactor.standard().redact(secret);
    return !alone.text().contains(secret) && !alone.kinds().equals(List.of(SecretKind.HIGH_ENTROPY));
  }

  /** Every row of every table outside PostgreSQL's own schemas, as text: "schema.table N" to the row. */
  private static Map<String, String> databaseRows() throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    try (Connection db = PG.database().admin(); Statement s = db.createStatement()) {
      List<String> tables = new ArrayList<>();
      try (ResultSet r = s.executeQuery("SELECT table_schema || '.' || table_name FROM information_schema.tables"
          + " WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'")) {
        while (r.next()) {
          tables.add(r.getString(1));
        }
      }
      assertThat(tables).contains("engram.memories", "engram.audit_log");
      for (String table : tables) {
        int row = 0;
        try (ResultSet r = s.executeQuery("SELECT t::text FROM " + table + " t")) {
          while (r.next()) {
            out.put(table + " " + ++row, r.getString(1).toLowerCase(Locale.ROOT));
          }
        }
      }
    }
    return out;
  }

  /** Every file under {@code dir} but those under {@code aside}: its name, and its name to its bytes as text. */
  private static Map<String, String> filesUnder(Path dir, Path aside) throws Exception {
    Map<String, String> out = new LinkedHashMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.toList()) {
        if (p.startsWith(aside)) {
          continue;
        }
        String name = dir.relativize(p).toString();
        out.put("the name " + name, name.toLowerCase(Locale.ROOT));
        if (Files.isRegularFile(p)) {
          out.put(name, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
        }
      }
    }
    return out;
  }

  /** Where each secret of {@code cases}, or a run of twelve of its characters, was found. */
  private static List<String> leaks(List<SecretCorpus.SecretCase> cases, Map<String, String> written) {
    List<String> leaks = new ArrayList<>();
    for (SecretCorpus.SecretCase c : cases) {
      for (String secret : c.secrets()) {
        for (String needle : ContractSecrets.needles(secret)) {
          String n = needle.toLowerCase(Locale.ROOT);
          written.forEach((where, text) -> {
            int at = text.indexOf(n);
            if (at >= 0) {
              leaks.add(c.family() + " '" + n + "' in " + where + ": ..." + text.substring(Math.max(0, at - 60),
                  Math.min(text.length(), at + n.length() + 40)).replace('\n', '|') + "...");
            }
          });
        }
      }
    }
    return leaks;
  }
}

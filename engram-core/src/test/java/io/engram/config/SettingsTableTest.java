package io.engram.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's table of settings is the one the declarations render. When a setting changes, run this test with
 * {@code -Dengram.settingsTable.write=true} to write the table into the README, and commit it.
 */
class SettingsTableTest {
  private static final String START = "<!-- settings table: rendered from the @Setting declarations -->\n";
  private static final String END = "<!-- end of the settings table -->";

  @Test
  void theReadmesTableOfSettingsIsTheDeclarationsTable() throws IOException {
    Path readme = RepositoryRoot.find().resolve("README.md");
    String text = Files.readString(readme, StandardCharsets.UTF_8);
    int start = text.indexOf(START);
    int end = text.indexOf(END);
    assertThat(start).as("README.md marks its settings table with %s", START.strip()).isNotNegative();
    assertThat(end).as("README.md ends its settings table with %s", END).isGreaterThan(start);
    String table = SettingDeclarations.markdownTable();
    String current = text.substring(start + START.length(), end);
    if (!current.equals(table) && Boolean.getBoolean("engram.settingsTable.write")) {
      Files.writeString(readme, text.substring(0, start + START.length()) + table + text.substring(end),
          StandardCharsets.UTF_8);
      current = table;
    }
    assertThat(current).as("README.md's settings table is out of date: run SettingsTableTest with"
        + " -Dengram.settingsTable.write=true").isEqualTo(table);
  }

  @Test
  void theTableHasARowForEverySetting() {
    String table = SettingDeclarations.markdownTable();
    assertThat(table.lines().count() - 2).isEqualTo(SettingDeclarations.all(EngramSettings.class, "").size());
    assertThat(table).contains("| `recall.filesPerTurn` | a whole number, at least 1 | `5` | Most memories recalled"
        + " a turn |");
    assertThat(table).contains("| `memory.layout` | one of \"engram\", \"claude_code\" | `\"engram\"` |");
  }
}

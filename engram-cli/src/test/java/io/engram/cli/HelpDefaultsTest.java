package io.engram.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.DreamSettings;
import io.engram.config.EngramSettings;
import io.engram.config.NotesSettings;
import io.engram.config.RecallSettings;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The help texts say the numbers EngramSettings says, and name no setting that does not exist. */
class HelpDefaultsTest {
  private static final EngramSettings D = EngramSettings.DEFAULTS;
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{bundle:([^}]+)}");

  @Test
  void recallsHelpShowsTheRecallBudgetsOfTheDefaults() {
    String help = help("recall");
    RecallSettings r = D.recall();
    assertThat(help).contains("(" + r.filesPerTurn() + " files, " + r.bytesPerFile() / 1024 + " KB each, "
        + r.bytesPerTurn() / 1024 + " KB a turn, " + r.bytesPerSession() / 1024 + " KB a session)");
  }

  @Test
  void notesHelpShowsTheNotesScheduleOfTheDefaults() {
    String help = help("notes");
    NotesSettings n = D.notes();
    assertThat(help).contains(String.format(Locale.ROOT, "Notes start at %,d context tokens", n.startTokens()))
        .contains(String.format(Locale.ROOT, "after +%,d tokens and %d tool calls", n.updateGrowthTokens(),
            n.updateToolCalls()));
  }

  @Test
  void dreamsHelpShowsTheGatesOfTheDefaults() {
    DreamSettings d = D.dream();
    assertThat(help("dream")).contains("Runs only when " + d.minHoursBetween() + " hours and " + d.minSessions()
        + " sessions that touched memory");
  }

  @Test
  void contextAndForgetShowTheIndexCapsAndTheTrashRetentionOfTheDefaults() {
    assertThat(help("context")).contains("its first " + D.memory().indexMaxLines() + " lines / "
        + D.memory().indexMaxBytes() / 1000 + " KB");
    assertThat(help("forget")).contains("The trash keeps it " + D.memory().trashRetentionDays() + " days");
  }

  @Test
  void changedSettingsChangeTheText() {
    RecallSettings r = D.recall();
    RecallSettings changed = r.with("filesPerTurn", 7).with("bytesPerFile", 6 * 1024).with("bytesPerTurn", 30_000)
        .with("vectorWeight", 0.5);
    HelpDefaults text = new HelpDefaults(new EngramSettings(D.instructions(), D.memory(), D.notes(), D.extraction(),
        D.dream(), changed, D.context(), D.compaction(), D.model(), D.governor(), D.hooks(), D.service(), D.team()));

    assertThat(text.getString("recall.filesPerTurn")).isEqualTo("7");
    assertThat(text.getString("recall.bytesPerFile.kb")).isEqualTo("6 KB");
    assertThat(text.getString("recall.bytesPerTurn.kb")).isEqualTo("30 KB");
    assertThat(text.getString("recall.vectorWeight")).isEqualTo("0.5");
    assertThat(text.getString("notes.startTokens")).isEqualTo("10,000");
  }

  @Test
  void aByteCountThatIsNotARoundFigureStaysInBytes() {
    assertThat(HelpDefaults.kilobytes(4096)).isEqualTo("4 KB");
    assertThat(HelpDefaults.kilobytes(25_000)).isEqualTo("25 KB");
    assertThat(HelpDefaults.kilobytes(1_500)).isEqualTo("1,500 bytes");
  }

  @Test
  void everyVariableInTheHelpNamesASetting() {
    HelpDefaults text = new HelpDefaults(D);
    List<String> variables = new ArrayList<>();
    collect(EngramCommand.newCommandLine(), variables);
    assertThat(variables).isNotEmpty();
    assertThat(variables).allSatisfy(key -> assertThat(text.values()).as(key).containsKey(key));
  }

  private static String help(String command) {
    CommandRun run = CommandRun.of(command, "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).doesNotContain("${").doesNotContain("null");
    return run.out().replaceAll("\\s+", " ");
  }

  // The text as written in the annotations (picocli's specs hand it out with the variables filled in).
  private static void collect(CommandLine c, List<String> into) {
    List<Class<?>> classes = new ArrayList<>();
    for (Class<?> k = c.getCommand().getClass(); k != null && k != Object.class; k = k.getSuperclass()) {
      classes.add(k);
    }
    c.getCommandSpec().mixins().values().forEach(m -> classes.add(m.userObject().getClass()));
    List<String> texts = new ArrayList<>();
    for (Class<?> k : classes) {
      CommandLine.Command command = k.getAnnotation(CommandLine.Command.class);
      if (command != null) {
        texts.addAll(List.of(command.description()));
      }
      for (Field f : k.getDeclaredFields()) {
        CommandLine.Option option = f.getAnnotation(CommandLine.Option.class);
        CommandLine.Parameters parameters = f.getAnnotation(CommandLine.Parameters.class);
        texts.addAll(List.of(option != null ? option.description()
            : parameters != null ? parameters.description() : new String[0]));
      }
    }
    for (String t : texts) {
      Matcher m = VARIABLE.matcher(t);
      while (m.find()) {
        into.add(m.group(1));
      }
    }
    c.getSubcommands().values().stream().distinct().forEach(sub -> collect(sub, into));
  }
}

package io.engram.cli.config;

import io.engram.cli.output.Examples;
import com.fasterxml.jackson.databind.JsonNode;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.cli.output.JsonOutput;
import io.engram.config.EngramSettings;
import io.engram.config.SettingDescription;
import io.engram.config.SettingsLoader;
import io.engram.fs.HomeLayout;
import io.engram.memory.MemoryLocation;
import io.engram.memory.MemoryStores;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code engram config}: shows where Engram's files are and the settings in force. */
@Examples({
    "engram config",
    "engram config --settings",
    "engram config --json"})
@Command(
    name = "config",
    mixinStandardHelpOptions = true,
    description = {
      "Show where Engram's home, the project and the memories are, and the settings.",
      "The effective settings are the defaults overlaid with <home>/settings.json;"
          + " --settings lists every setting with its value, default, range and what it does."})
public final class ConfigCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin JsonOption json;

  @Option(names = "--settings", description = "List every setting: its value here, its default, what it takes and"
      + " what it does.")
  boolean describe;

  /**
   * One setting as {@code --settings --json} prints it.
   *
   * @param key the dotted key
   * @param value its value in force here, as {@code settings.json} spells it
   * @param byDefault its default
   * @param takes the values it takes
   * @param help what it does
   */
  record Described(String key, JsonNode value, JsonNode byDefault, String takes, String help) {}

  /**
   * What {@code --json} prints: where Engram's files are, and the effective settings.
   *
   * @param home Engram's home
   * @param settingsFile the settings file read (it may not exist)
   * @param project the project directory
   * @param projectMemory the directory of the project's memories
   * @param userMemory the directory of the user's memories, shared by every project
   * @param settings the effective settings, as {@code settings.json} would spell them
   */
  record Config(String home, String settingsFile, String project, String projectMemory, String userMemory,
      JsonNode settings) {}

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    GlobalOptions global = GlobalOptions.of(spec);
    Path settingsFile = HomeLayout.of(global.roots().engramHome()).settingsFile();
    MemoryLocation memory = MemoryStores.locate(global.roots(), global.settings());
    String settings = SettingsLoader.toJson(global.settings());
    if (describe) {
      return describe(out, JsonOutput.mapper().readTree(settings));
    }
    if (json.enabled()) {
      JsonOutput.print(out, new Config(global.roots().engramHome().toString(), settingsFile.toString(),
          global.roots().projectDir().toString(), memory.projectDir().toString(), memory.userDir().toString(),
          JsonOutput.mapper().readTree(settings)));
      return 0;
    }
    out.println("home:     " + global.roots().engramHome());
    out.println("settings: " + settingsFile);
    out.println("project:  " + global.roots().projectDir());
    out.println("memory:   " + memory.projectDir() + " (the project's)");
    out.println("          " + memory.userDir() + " (the user's, in every project)");
    out.println();
    out.println(settings);
    out.flush();
    return 0;
  }

  private int describe(PrintWriter out, JsonNode inForce) throws IOException {
    List<Described> all = new ArrayList<>();
    for (SettingDescription d : EngramSettings.described()) {
      JsonNode value = inForce;
      for (String part : d.key().split("\\.")) {
        value = value.path(part);
      }
      all.add(new Described(d.key(), value, JsonOutput.mapper().readTree(d.byDefault()), d.takes(), d.help()));
    }
    if (json.enabled()) {
      JsonOutput.print(out, all);
      return 0;
    }
    for (Described d : all) {
      String changed = d.value().equals(d.byDefault()) ? "" : " (default " + d.byDefault() + ")";
      out.println(d.key() + " = " + d.value() + changed);
      out.println("    " + d.help() + "; " + d.takes());
    }
    out.flush();
    return 0;
  }
}

package io.engram.cli.install;

import io.engram.cli.EngramCommand;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The {@code engram} launcher that {@code engram install} puts on the PATH: a POSIX shell script that runs
 * the installed jar with {@code java} from the PATH, else with the Java that installed it. Its second line
 * marks it as Engram's, which is how install and uninstall tell it from a file they must not touch.
 *
 * <p>For {@code engram hook EVENT} (what Claude Code runs before every prompt and after every turn) it first
 * asks Engram's resident service with {@code curl}, using the configuration the service left in
 * {@code <home>/service/hook-EVENT.curl} (address, token header, time-outs): a few milliseconds, where a JVM
 * start alone costs more than the whole answer. Only when the service cannot be reached (no configuration,
 * no curl, nothing listening, an error status) does it start the JVM, which answers the hook itself and starts
 * the service for the next call; when the service took the call but did not answer in time, the hook fails
 * (exit 1) rather than do the call's work a second time, later still. The hook's stdin is read once and handed to whichever answers. Whatever
 * happens, a hook call exits 0 or 1, never 2, which Claude Code reads as "block".
 */
public final class LauncherScript {
  /** The line that marks a launcher as written by {@code engram install}. */
  static final String MARK = "# engram launcher: written by 'engram install', removed by 'engram uninstall'.";

  private LauncherScript() {}

  /** The script for {@code jar}, falling back to {@code java} when none is on the PATH. */
  public static String text(Path jar, Path java, String version) {
    return script("-jar \"$jar\"", "jar=" + quote(jar.toString()), java, version);
  }

  /** The same script running the main class from {@code classPath} instead of a jar (for tests). */
  static String forClassPath(String classPath, Path java, String version) {
    return script("-cp \"$cp\" " + EngramCommand.class.getName(), "cp=" + quote(classPath), java, version);
  }

  private static String script(String run, String where, Path java, String version) {
    return "#!/bin/sh\n"
        + MARK + "\n"
        + "# engram " + version + ". ENGRAM_JAVA_OPTS passes options to the JVM.\n"
        + where + "\n"
        + "if command -v java >/dev/null 2>&1; then java=java; else java=" + quote(java.toString()) + "; fi\n"
        + "if [ \"$#\" -eq 2 ] && [ \"$1\" = hook ] && [ \"${ENGRAM_SERVICE:-}\" != off ]; then\n"
        + "  # A Claude Code hook: Engram's resident service answers in milliseconds, through curl; a JVM starts\n"
        + "  # only when it cannot. Exit 0 or 1, never 2 (Claude Code reads 2 as \"block\").\n"
        + "  conf=\"${ENGRAM_HOME:-$HOME/.engram}/service/hook-$2.curl\"\n"
        + "  if [ -f \"$conf\" ] && command -v curl >/dev/null 2>&1; then\n"
        + "    input=$(cat)\n"
        + "    answer=$(printf '%s' \"$input\" | curl -q -K \"$conf\" -w '%{http_code}' 2>/dev/null)\n"
        + "    code=$?\n"
        + "    case $answer in\n"
        + "      *200) answer=${answer%200}; [ -z \"$answer\" ] || printf '%s\\n' \"$answer\"; exit 0 ;;\n"
        + "      *422) printf 'engram hook %s: %s\\n' \"$2\" \"${answer%422}\" >&2; exit 1 ;;\n"
        + "    esac\n"
        + "    # 28: the service took the call but did not answer in time; a JVM now would be later still, and\n"
        + "    # would do the call's work a second time.\n"
        + "    if [ \"$code\" -eq 28 ]; then\n"
        + "      echo \"engram hook $2: the Engram service did not answer in time (see engram daemon status)\" >&2\n"
        + "      exit 1\n"
        + "    fi\n"
        + "    printf '%s' \"$input\" | \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " hook \"$2\" || exit 1\n"
        + "    exit 0\n"
        + "  fi\n"
        + "  \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " hook \"$2\" || exit 1\n"
        + "  exit 0\n"
        + "fi\n"
        + "exec \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " \"$@\"\n";
  }

  /** Whether {@code file} is a launcher written by {@code engram install} (a regular file, not a link, with the mark). */
  static boolean isOurs(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      String head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      return head.startsWith("#!/bin/sh\n" + MARK + "\n");
    }
  }

  /** {@code text} quoted for a POSIX shell: in single quotes, each single quote written as {@code '\''}. */
  static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}

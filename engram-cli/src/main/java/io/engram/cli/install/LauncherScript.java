package io.engram.cli.install;

import io.engram.cli.global.RunningJar;
import io.engram.cli.output.ShellWords;
import io.engram.config.McpSettings;
import io.engram.hooks.HookDialect;
import io.engram.hooks.HookEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The {@code engram} launcher that {@code engram install} puts on the PATH: a shell script (run by bash where
 * there is one, else by {@code /bin/sh}; POSIX either way) that runs the installed jar with {@code java} from the
 * PATH, else with the Java that installed it. Its second line
 * marks it as Engram's, which is how install and uninstall tell it from a file they must not touch.
 *
 * <p>For {@code engram hook EVENT} and {@code engram hook --agent AGENT EVENT} (or {@code --agent=AGENT}; what a coding
 * agent runs before every prompt and after every turn, the event in Claude Code's name or the agent's own, such as
 * Gemini CLI's {@code BeforeAgent} or Cursor's {@code stop}) it first asks Engram's resident service, naming the agent in an {@code Engram-Agent}
 * header (only the agents Engram knows are passed on; any other spelling goes to the JVM, which refuses it by name): under bash 4 or later with bash's own {@code /dev/tcp} and the address line
 * the service left in {@code <home>/service/hook-EVENT.addr} (no process started: a curl alone costs about as
 * much as the service's whole answer), else with {@code curl} and the configuration in
 * {@code <home>/service/hook-EVENT.curl}; a JVM start alone costs more than the whole answer. Only when the
 * service cannot be reached (no configuration, no curl, nothing listening, an error status) does it start the
 * JVM, which answers the hook itself and starts
 * the service for the next call; when the service took the call but did not answer in time, the hook fails
 * (exit 1) rather than do the call's work a second time, later still, unless the call was a Stop or a SessionEnd,
 * whose work the service queues and answers once queued: that hook exits 0 quietly. A Claude Code SessionEnd that no
 * service took is queued by the script itself under bash 5 (the job file {@code ServiceClient.handOver} writes, in
 * {@code <home>/service/queue/}) and the service started in the background, so that the hook ends in milliseconds:
 * a JVM's start alone can pass SessionEnd's 1.5 s under load. The hook's stdin is read once and handed to whichever answers. Whatever
 * happens, a hook call exits 0 or 1, never 2, which Claude Code reads as "block".
 *
 * <p>For {@code engram mcp} (stdio; nothing else on the command line but {@code --project DIR}) under bash 4 or
 * later, while the service runs,
 * the script relays each line of stdin to the service's MCP endpoint ({@code <home>/service/mcp.addr}) and prints
 * each answer as a line: the client's {@code initialize} is answered without a JVM start. With no service there,
 * the JVM serves. The relay keeps bounds of its own, so that no message and no service ends it or hangs it: a line
 * over the service's bound ({@code mcp.maxMessageBytes}) is not sent and its request gets a JSON-RPC error naming
 * the bound; a request whose answer does not begin within {@code ENGRAM_MCP_ANSWER_SECONDS} (300 by default) gets
 * an error and a line on stderr; an answer over sixteen times the message bound (64 MiB) is not read. The session
 * goes on.
 */
public final class LauncherScript {
  /** The line that marks a launcher as written by {@code engram install}. */
  static final String MARK = "# engram launcher: written by 'engram install', removed by 'engram uninstall'.";

  private static final Path BASH = Path.of("/bin/bash");
  private static final Path SH = Path.of("/bin/sh");

  private LauncherScript() {}

  /** The script for {@code jar}, falling back to {@code java} when none is on the PATH. */
  public static String text(Path jar, Path java, String version) {
    return text(jar, java, version, defaultShell());
  }

  /**
   * The script for {@code jar}, which starts java with the class archive {@code archive} whenever that file is
   * there (and its path can be passed on; see {@link ClassArchive#nameable}).
   */
  static String withArchive(Path jar, Path java, String version, Path archive) {
    String where = "jar=" + ShellWords.quoted(jar.toString());
    if (ClassArchive.nameable(archive)) {
      where += "\ncds=\nif [ -f " + ShellWords.quoted(archive.toString()) + " ]; then cds=" + ShellWords.quoted(ClassArchive.options(archive))
          + "; fi";
    }
    return script(RUN_JAR, where, java, version, defaultShell());
  }

  /** The script for {@code jar} run by {@code shell} (bash, or any POSIX shell). */
  static String text(Path jar, Path java, String version, Path shell) {
    return script(RUN_JAR, "jar=" + ShellWords.quoted(jar.toString()), java, version, shell);
  }

  // The events whose work the service queues and answers as soon as it is queued: a time-out on one of those is a
  // service slow to say so (one just started loads its classes on that first call, and SessionEnd waits under a
  // second), not work lost. The service runs it whether or not the caller waits, and should it never, the next Stop
  // or SessionEnd reads the transcript on from where extraction stopped: the hook exits 0 and says nothing, since
  // exit 1 would show the agent an error for work that is being done.
  private static final String QUEUED = HookEvent.STOP.hookName() + "|" + HookEvent.SESSION_END.hookName();

  // The relay's bound on a message is the service's own: a longer one would be refused unread.
  static final int MAX_MESSAGE = McpSettings.DEFAULTS.maxMessageBytes();
  // An answer may be far longer than a message (a page of 200 memories of up to 64 KB each is 13 MB before its JSON,
  // which carries the text twice): 16 messages, 64 MiB, refuses only what no legitimate answer reaches.
  static final int MAX_ANSWER = 16 * MAX_MESSAGE;
  // How long a request may wait for its answer: long enough for a compaction that asks a model several times (each
  // attempt bounded by model.timeoutSeconds), short of a hang.
  static final int ANSWER_SECONDS = 300;

  // $cds (the class archive's options, or nothing) is left unquoted so that it splits into its options.
  private static final String RUN_JAR = "${cds:-} -jar \"$jar\"";

  /** The same script running the main class from {@code classPath} instead of a jar (for tests). */
  static String forClassPath(String classPath, Path java, String version) {
    return script("-cp \"$cp\" " + RunningJar.MAIN_CLASS, "cp=" + ShellWords.quoted(classPath), java, version,
        defaultShell());
  }

  /** Whether the launcher written here runs under bash (and so reaches the service without curl). */
  public static boolean runsUnderBash() {
    return defaultShell().equals(BASH);
  }

  /** bash when the system has it (the hook then needs no other process), else the POSIX shell. */
  static Path defaultShell() {
    return Files.isExecutable(BASH) ? BASH : SH;
  }

  // Parsed by any POSIX shell; the function runs only under bash 4 or later, whose /dev/tcp, read -N and
  // read -t it uses (the length of $input in bytes: LC_ALL=C within the function). Only the status line is read with a
  // time-out: bash reads a line from a socket a byte per system call, and with a time-out blocks and unblocks signals
  // around every character besides (two more calls each, 20,000 for a 10 KB answer). The rest (headers and body) is
  // read in one go to the end, which the service marks by closing the connection (Connection: close); the body is
  // used only when it is as long as its Content-Length says.
  private static final String OVER_TCP = """
      # A hook sent to the service by bash itself over /dev/tcp: no process started. Exits with the answer;
      # returns when the service cannot be reached (reached is set when it answered something unusable).
      hook_over_tcp() {
        local LC_ALL=C port seconds auth status rest head length=0 body=
        [ -f "$service/hook-$1.addr" ] && read -r port seconds auth < "$service/hook-$1.addr" || return 0
        { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 0
        # A service that refuses the request before reading it all (a body over its bound) closes the connection:
        # the write then fails rather than kill this shell by SIGPIPE, and curl or the JVM answer instead.
        trap '' PIPE
        printf 'POST /hook/%s HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAuthorization: %s\\r\\nEngram-Agent: %s\\r\\nContent-Type: application/json\\r\\nConnection: close\\r\\nContent-Length: %d\\r\\n\\r\\n%s' \\
          "$1" "$auth" "$agent" "${#input}" "$input" >&3 2>/dev/null || { trap - PIPE; exec 3<&-; return 0; }
        trap - PIPE
        reached=1
        IFS= read -r -t "$seconds" status <&3
        if [ $? -gt 128 ]; then
          exec 3<&-
          case $1 in @QUEUED@) exit 0 ;; esac
          echo "engram hook $1: the Engram service did not answer in time (see engram daemon status)" >&2
          exit 1
        fi
        IFS= read -r -N 4194304 rest <&3
        exec 3<&-
        head=${rest%%$'\\r\\n\\r\\n'*}
        case $head in
          *[Cc]ontent-[Ll]ength:*)
            length=${head#*[Cc]ontent-[Ll]ength:}; length=${length%%$'\\r'*}; length=${length// /}
            body=${rest#*$'\\r\\n\\r\\n'}
            if ! [ "${#body}" -eq "$length" ] 2>/dev/null; then
              echo "engram hook $1: the Engram service's answer was cut short (see engram daemon status)" >&2
              exit 1
            fi ;;
        esac
        case $status in
          "HTTP/1.1 200 "*) [ -z "$body" ] || printf '%s\\n' "$body"; exit 0 ;;
          "HTTP/1.1 422 "*) printf 'engram hook %s: %s\\n' "$1" "$body" >&2; exit 1 ;;
        esac
      }
      # A Claude Code SessionEnd that no service took: its work is queued for the service by bash itself (the job file
      # the JVM's hand-over writes) and the service started in the background; the hook ends in milliseconds, where a
      # JVM's start alone can pass SessionEnd's 1.5 s under load. Returns (the JVM answers instead) for input it cannot
      # queue as it is: bash before 5, a control character, a field missing, a cwd that is not a plain absolute path.
      hook_queue() {
        local LC_ALL=C TZ=UTC0 now secs ms at cwd text queue name
        local said='"hook_event_name"[[:space:]]*:[[:space:]]*"SessionEnd"'
        local session='"session_id"[[:space:]]*:[[:space:]]*"[^"]'
        local transcript='"transcript_path"[[:space:]]*:[[:space:]]*"[^"]'
        local where='"cwd"[[:space:]]*:[[:space:]]*"([^"\\]*)"'
        [ "$agent" = claude ] || return 0
        now=${EPOCHREALTIME:-}
        [[ $now =~ ^[0-9]{10,}[.,][0-9]{6}$ ]] || return 0
        [[ ${input//[$'\\t\\n\\r']/} != *[[:cntrl:]]* ]] || return 0
        # A byte order mark the JVM drops first: left to it.
        [[ $input != $'\\xef\\xbb\\xbf'* ]] || return 0
        [[ $input =~ $said && $input =~ $session && $input =~ $transcript && $input =~ $where ]] || return 0
        cwd=${BASH_REMATCH[1]}
        [[ ${input#*'"cwd"'} != *'"cwd"'* ]] || return 0
        case $cwd in /) ;; *//*|*/./*|*/../*|*/.|*/..|*/|[!/]*|'') return 0 ;; esac
        [ -d "$cwd" ] || return 0
        secs=${now%[.,]*}; ms=${now#*[.,]}; ms=${ms:0:3}
        printf -v at '%(%Y-%m-%dT%H:%M:%S)T' "$secs" || return 0
        printf -v name '%s%s-%d-%06d-SessionEnd.json' "$secs" "$ms" "$$" 1
        text=${input//\\\\/\\\\\\\\}; text=${text//\\"/\\\\\\"}; text=${text//$'\\n'/\\\\n}; text=${text//$'\\r'/\\\\r}; text=${text//$'\\t'/\\\\t}
        queue=$service/queue
        { mkdir -p "$queue" && chmod 700 "$service"; } 2>/dev/null || return 0
        # Written aside and renamed: the service reads only whole *.json files.
        if ! (umask 077 && printf '{\\n  "event" : "SessionEnd",\\n  "project" : "%s",\\n  "enqueuedAt" : "%s.%sZ",\\n  "input" : "%s"\\n}\\n' \\
            "$cwd" "$at" "$ms" "$text" > "$queue/.$name.tmp") 2>/dev/null || ! mv -f "$queue/.$name.tmp" "$queue/$name" 2>/dev/null; then
          rm -f "$queue/.$name.tmp" 2>/dev/null
          return 0
        fi
        if command -v setsid >/dev/null 2>&1; then
          (setsid "$java" ${ENGRAM_JAVA_OPTS:-} @RUN@ daemon start >/dev/null 2>&1 </dev/null &)
        else
          ("$java" ${ENGRAM_JAVA_OPTS:-} @RUN@ daemon start >/dev/null 2>&1 </dev/null &)
        fi
        echo "engram hook SessionEnd: queued for the Engram service" >&2
        exit 0
      }
      """;

  // Parsed by any POSIX shell; runs only under bash 4 or later. MCP over stdio, one JSON-RPC message a line, each
  // sent to the service's MCP endpoint (stateless streamable HTTP: a POST per message, a request answered with its
  // JSON, a notification with 202) by bash itself: the client's initialize is answered in milliseconds instead of
  // after a JVM start. A service that went away (its idle exit) is started again; a request it cannot answer gets
  // a JSON-RPC error rather than silence. It reads no event stream, so it says so (Engram-Relay): the server then
  // offers it no notifications.
  //
  // Its own bounds, so that nothing a client or a service does ends the relay (and with it every Engram tool of the
  // agent's session) or hangs it. A line over the service's bound is read a piece at a time, never sent (the service
  // would refuse it unread), and its request gets an error naming the bound. The write runs in a subshell beside
  // the read of the answer: a service that stops reading cannot block the relay past the deadline, and a write that
  // fails (the service closed first) leaves nothing half-written in this shell's output for the next connection.
  // The status line, the header lines and the body are each read with the deadline; an answer over its own bound is
  // not read. read -t reads a byte per system call and blocks signals around each (about 0.9 s a MB over a loopback
  // socket on a loaded 2-core machine, 7-16 ms for 10 KB), so a body over 16 KB is read by head -c under timeout
  // (coreutils; about 10 ms to start both, then 50-60 ms a MB); without timeout (a bare macOS) read -t reads it.
  private static final String MCP_OVER_TCP = """
      # MCP over stdio relayed to the Engram service by bash over /dev/tcp, for the project $project. Returns (the
      # JVM serves instead) when no service can be reached before the first message; exits when stdin ends.
      mcp_over_tcp() {
        local LC_ALL=C port auth line prev last status hline length body agent writer ended rid
        # How long a request may wait for the service's answer (ENGRAM_MCP_ANSWER_SECONDS: whole seconds).
        local wait=${ENGRAM_MCP_ANSWER_SECONDS:-@WAIT@}
        [[ $wait =~ ^[1-9][0-9]{0,5}$ ]] || wait=@WAIT@
        # The agent that started 'engram mcp' (ENGRAM_AGENT, which Engram's MCP entries set), for what it writes.
        agent=${ENGRAM_AGENT:-}; agent=${agent//[^A-Za-z0-9._-]/}
        case $project in /*) ;; *) project=$PWD/$project ;; esac
        case $project in *[![:print:]]*) return 0 ;; esac
        [ -f "$service/mcp.addr" ] && read -r port auth < "$service/mcp.addr" || return 0
        { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || return 0
        exec 3<&-
        while IFS= read -r -n @PIECE@ line || [ -n "$line" ]; do
          [ -n "$line" ] || continue
          if [ "${#line}" -gt @MAX@ ]; then
            # Over the service's bound: the rest of the line is read and dropped, its end kept (where a client may
            # have put the id), and nothing is sent.
            last=$line prev=
            while [ "${#last}" -gt @MAX@ ]; do
              prev=${last: -4096}
              IFS= read -r -n @PIECE@ last || break
            done
            mcp_id "$line" "$prev$last"
            if [ -n "$rid" ]; then
              mcp_answer_error -32600 "message longer than @MAX@ bytes, the Engram service's bound: not sent"
              echo "engram mcp: a message longer than @MAX@ bytes (the Engram service's bound) was not sent; request $rid got an error" >&2
            else
              echo "engram mcp: a message longer than @MAX@ bytes (the Engram service's bound) was not sent" >&2
            fi
            continue
          fi
          if ! { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
            mcp_service_again && { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || { mcp_error "$line"; continue; }
          fi
          printf 'POST /mcp HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAuthorization: %s\\r\\nEngram-Project: %s\\r\\nEngram-Relay: stdio\\r\\nEngram-Agent: %s\\r\\nContent-Type: application/json\\r\\nAccept: application/json, text/event-stream\\r\\nConnection: close\\r\\nContent-Length: %d\\r\\n\\r\\n%s' \\
            "$auth" "$project" "$agent" "${#line}" "$line" >&3 2>/dev/null &
          writer=$!
          status= length=0 body= ended=
          IFS= read -r -t "$wait" status <&3
          if [ $? -gt 128 ]; then
            mcp_close
            echo "engram mcp: the Engram service did not answer within $wait s; the request got an error (see engram daemon status)" >&2
            mcp_error "$line" "the Engram service did not answer within $wait s; see engram daemon status"
            continue
          fi
          while IFS= read -r -t "$wait" hline <&3; do
            [ "${#hline}" -gt 1 ] || { ended=1; break; }
            case $hline in [Cc]ontent-[Ll]ength:*) length=${hline#*:}; length=${length%?}; length=${length// /} ;; esac
          done
          if [ -z "$ended" ] || ! [[ $length =~ ^[0-9]{1,10}$ ]]; then
            mcp_close; mcp_error "$line"; continue
          fi
          if [ "$length" -gt @MOST@ ]; then
            mcp_close
            echo "engram mcp: the Engram service's answer of $length bytes is over the relay's bound (@MOST@ bytes); the request got an error" >&2
            mcp_error "$line" "the Engram service's answer of $length bytes is over the relay's bound of @MOST@ bytes"
            continue
          fi
          if [ "$length" -gt 16384 ] && command -v timeout >/dev/null 2>&1; then
            body=$(timeout "$wait" head -c "$length" <&3; printf x); body=${body%x}
          elif [ "$length" -gt 0 ]; then
            IFS= read -r -t "$wait" -N "$length" body <&3
          fi
          mcp_close
          if [ "${#body}" -ne "$length" ]; then
            mcp_error "$line" "the Engram service's answer was cut short; see engram daemon status"
            continue
          fi
          case $status in
            "HTTP/1.1 200 "*|"HTTP/1.1 400 "*) [ -z "$body" ] || printf '%s\\n' "$body" ;;
            "HTTP/1.1 202 "*) ;;
            *) mcp_error "$line" ;;
          esac
        done
        exit 0
      }
      # Ends one exchange: the connection closed, the write stopped if it still runs (SIGPIPE: ended quietly).
      mcp_close() {
        exec 3<&-
        kill -PIPE "$writer" 2>/dev/null
        wait "$writer" 2>/dev/null
      }
      # Starts the service again (it exits after service.idleSeconds without a request) and reads its address.
      mcp_service_again() {
        "$java" ${ENGRAM_JAVA_OPTS:-} @RUN@ daemon start >/dev/null 2>&1 </dev/null || return 1
        [ -f "$service/mcp.addr" ] && read -r port auth < "$service/mcp.addr"
      }
      # Sets rid to the id of the JSON-RPC request that begins with $1 and ends with $2 (one line twice, or the two
      # ends of one too long to keep): a member before "params", or one after the object "params" holds (where the
      # TypeScript SDK puts it). Empty for a notification, or for an id that is neither a number nor a plain string.
      mcp_id() {
        local before=${1%%'"params"'*} after=$2 number='^-?[0-9]+$' text='^"[^"\\]*"$'
        rid=
        case $before in
          *'"id":'*) rid=${before#*'"id":'} ;;
          *)
            after=${after%"${after##*[!$' \\t\\r']}"}; after=${after%\\}}; after=${after##*[]\\}]}
            case $after in *'"id":'*) rid=${after##*'"id":'} ;; esac ;;
        esac
        rid=${rid%%[,\\}]*}; rid=${rid// /}
        [[ $rid =~ $number || $rid =~ $text ]] || rid=
      }
      # Answers request $rid with the error $1, saying $2.
      mcp_answer_error() {
        printf '{"jsonrpc":"2.0","id":%s,"error":{"code":%s,"message":"%s"}}\\n' "$rid" "$1" "$2"
      }
      # A JSON-RPC error for the request on $1 (a notification gets none), saying $2 (else that none answered).
      mcp_error() {
        mcp_id "$1" "$1"
        [ -z "$rid" ] || mcp_answer_error -32603 "${2:-the Engram service did not answer; see engram daemon status}"
      }
      """;

  private static String script(String run, String where, Path java, String version, Path shell) {
    return "#!" + shell + "\n"
        + MARK + "\n"
        + "# engram " + version + ". ENGRAM_JAVA_OPTS passes options to the JVM.\n"
        + where + "\n"
        + "if command -v java >/dev/null 2>&1; then java=java; else java=" + ShellWords.quoted(java.toString()) + "; fi\n"
        + "event= agent=claude\n"
        + "if [ \"$#\" -eq 2 ] && [ \"$1\" = hook ]; then event=$2; fi\n"
        + "if [ \"$#\" -eq 4 ] && [ \"$1\" = hook ] && [ \"$2\" = --agent ]; then\n"
        + "  case $3 in claude|claude-code|codex|gemini|opencode|cursor) agent=$3; event=$4 ;; esac\n"
        + "fi\n"
        + "if [ \"$#\" -eq 3 ] && [ \"$1\" = hook ]; then\n"
        + "  case $2 in --agent=claude|--agent=claude-code|--agent=codex|--agent=gemini|--agent=opencode|--agent=cursor)"
        + " agent=${2#--agent=}; event=$3 ;; esac\n"
        + "fi\n"
        + "# The service's files are named for Claude Code's events: an agent's own name for one is read as that.\n"
        + "case $agent:$event in\n"
        + ownEventNames()
        + "esac\n"
        + "if [ -n \"$event\" ] && [ \"${ENGRAM_SERVICE:-}\" != off ]; then\n"
        + "  # A coding agent's hook: Engram's resident service answers in milliseconds, over bash's /dev/tcp or through\n"
        + "  # curl; a JVM starts only when it cannot. Exit 0 or 1, never 2 (Claude Code reads 2 as \"block\").\n"
        + "  service=\"${ENGRAM_HOME:-$HOME/.engram}/service\"\n"
        + "  conf=\"$service/hook-$event.curl\"\n"
        + "  reached=\n"
        + OVER_TCP.replace("@QUEUED@", QUEUED).replace("@RUN@", run).indent(2)
        + "  case ${BASH_VERSION:-} in\n"
        + "    [4-9].*|[1-9][0-9]*) input=$(< /dev/stdin); hook_over_tcp \"$event\" ;;\n"
        + "    *) input=$(cat) ;;\n"
        + "  esac\n"
        + "  if [ -z \"$reached\" ] && [ -f \"$conf\" ] && command -v curl >/dev/null 2>&1; then\n"
        + "    answer=$(printf '%s' \"$input\" | curl -q -K \"$conf\" -H \"Engram-Agent: $agent\" -w '%{http_code}' 2>/dev/null)\n"
        + "    code=$?\n"
        + "    case $answer in\n"
        + "      *200) answer=${answer%200}; [ -z \"$answer\" ] || printf '%s\\n' \"$answer\"; exit 0 ;;\n"
        + "      *422) printf 'engram hook %s: %s\\n' \"$event\" \"${answer%422}\" >&2; exit 1 ;;\n"
        + "    esac\n"
        + "    # 28: the service took the call but did not answer in time; a JVM now would be later still, and\n"
        + "    # would do the call's work a second time.\n"
        + "    if [ \"$code\" -eq 28 ]; then\n"
        + "      case $event in " + QUEUED + ") exit 0 ;; esac\n"
        + "      echo \"engram hook $event: the Engram service did not answer in time (see engram daemon status)\" >&2\n"
        + "      exit 1\n"
        + "    fi\n"
        + "  fi\n"
        + "  # No service took it: a Claude Code SessionEnd is queued for the next one without a JVM.\n"
        + "  case ${BASH_VERSION:-} in [5-9].*|[1-9][0-9]*) [ \"$event\" != " + HookEvent.SESSION_END.hookName()
        + " ] || hook_queue ;; esac\n"
        + "  printf '%s' \"$input\" | \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " \"$@\" || exit 1\n"
        + "  exit 0\n"
        + "fi\n"
        + "project=\n"
        + "if [ \"$#\" -eq 1 ] && [ \"$1\" = mcp ]; then project=$PWD; fi\n"
        + "if [ \"$#\" -eq 3 ] && [ \"$1\" = --project ] && [ \"$3\" = mcp ]; then project=$2; fi\n"
        + "if [ -n \"$project\" ] && [ \"${ENGRAM_SERVICE:-}\" != off ]; then\n"
        + "  # Claude Code's MCP server over stdio: relayed to the resident service, warm, when it runs.\n"
        + "  service=\"${ENGRAM_HOME:-$HOME/.engram}/service\"\n"
        + MCP_OVER_TCP.replace("@RUN@", run).replace("@PIECE@", String.valueOf(MAX_MESSAGE + 1))
            .replace("@MAX@", String.valueOf(MAX_MESSAGE)).replace("@MOST@", String.valueOf(MAX_ANSWER))
            .replace("@WAIT@", String.valueOf(ANSWER_SECONDS)).indent(2)
        + "  case ${BASH_VERSION:-} in [4-9].*|[1-9][0-9]*) mcp_over_tcp ;; esac\n"
        + "fi\n"
        + "exec \"$java\" ${ENGRAM_JAVA_OPTS:-} " + run + " \"$@\"\n";
  }

  /** A case arm per agent's own name for an event ({@code gemini:BeforeAgent) event=UserPromptSubmit ;;}). */
  private static String ownEventNames() {
    StringBuilder arms = new StringBuilder();
    for (HookDialect dialect : HookDialect.values()) {
      for (HookEvent event : HookEvent.values()) {
        String own = dialect.eventName(event);
        if (!own.equals(event.hookName())) {
          arms.append("  ").append(dialect.agent().id()).append(':').append(own).append(") event=")
              .append(event.hookName()).append(" ;;\n");
        }
      }
    }
    return arms.toString();
  }

  /** Whether {@code file} is a launcher written by {@code engram install} (a regular file, not a link, with the mark). */
  static boolean isOurs(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      String head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      return (head.startsWith("#!" + SH + "\n") || head.startsWith("#!" + BASH + "\n"))
          && head.substring(head.indexOf('\n') + 1).startsWith(MARK + "\n");
    }
  }
}

package io.engram.cli.install;

import io.engram.hooks.HookEvent;

/**
 * The launcher's hook relay ({@link LauncherScript}): the shell functions that send a hook call to Engram's resident
 * service by bash itself over {@code /dev/tcp} (no process started) and, when no service took a Claude Code SessionEnd,
 * queue it for the next one.
 */
final class LauncherHookRelay {
  private LauncherHookRelay() {}

  // The events whose work the service queues and answers as soon as it is queued: a time-out on one of those is a
  // service slow to say so (one just started loads its classes on that first call, and SessionEnd waits under a
  // second), not work lost. The service runs it whether or not the caller waits, and should it never, the next Stop
  // or SessionEnd reads the transcript on from where extraction stopped: the hook exits 0 and says nothing, since
  // exit 1 would show the agent an error for work that is being done.
  static final String QUEUED = HookEvent.STOP.hookName() + "|" + HookEvent.SESSION_END.hookName();

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

  /** The functions, running {@code run} (the JVM's arguments before the command's) when they start the service. */
  static String function(String run) {
    return OVER_TCP.replace("@QUEUED@", QUEUED).replace("@RUN@", run);
  }
}

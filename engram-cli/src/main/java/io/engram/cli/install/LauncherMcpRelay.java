package io.engram.cli.install;

import io.engram.config.McpSettings;

/**
 * The launcher's MCP relay ({@link LauncherScript}): the shell function that relays {@code engram mcp} over stdio to
 * the resident service's MCP endpoint by bash itself over {@code /dev/tcp}, within bounds of its own.
 */
final class LauncherMcpRelay {
  private LauncherMcpRelay() {}

  // The relay's bound on a message is the service's own: a longer one would be refused unread.
  static final int MAX_MESSAGE = McpSettings.DEFAULTS.maxMessageBytes();
  // An answer may be far longer than a message (a page of 200 memories of up to 64 KB each is 13 MB before its JSON,
  // which carries the text twice): 16 messages, 64 MiB, refuses only what no legitimate answer reaches.
  static final int MAX_ANSWER = 16 * MAX_MESSAGE;
  // How long a request may wait for its answer: long enough for a compaction that asks a model several times (each
  // attempt bounded by model.timeoutSeconds), short of a hang.
  static final int ANSWER_SECONDS = 300;

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
        # A --project that names no directory is the JVM's to refuse, with its usage error.
        [ -d "$project" ] || return 0
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

  /** The function, running {@code run} (the JVM's arguments before the command's) when it starts the service. */
  static String function(String run) {
    return MCP_OVER_TCP.replace("@RUN@", run).replace("@PIECE@", String.valueOf(MAX_MESSAGE + 1))
        .replace("@MAX@", String.valueOf(MAX_MESSAGE)).replace("@MOST@", String.valueOf(MAX_ANSWER))
        .replace("@WAIT@", String.valueOf(ANSWER_SECONDS));
  }
}

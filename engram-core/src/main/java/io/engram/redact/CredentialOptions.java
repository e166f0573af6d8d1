package io.engram.redact;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which arguments of which command-line tools are credentials, as each tool's manual says: {@code mysql -pPASS},
 * {@code docker login -p PASS}, {@code redis-cli -a PASS}, {@code curl -u user:PASS}, {@code openssl -passin
 * pass:PASS}, {@code vault login TOKEN}... One line of the table per family of tools: their names, the subcommand
 * that must be present (docker's {@code -p} is a password only after {@code login}), and the credential arguments,
 * each written as a small pattern:
 *
 * <ul>
 *   <li>{@code -p+}: the value is attached ({@code -pPASS}); {@code --password=}: after an equals sign;
 *       {@code -p _}: the next word. A part may follow: {@code _:} the part after the first colon ({@code user:PASS}),
 *       {@code _%} after a percent sign, {@code _,} after a comma, {@code _pass:} after that prefix ({@code pass:PASS});
 *   <li>{@code #1}: the second argument after the subcommand that is no option; {@code #last}: the last one;
 *       {@code #0/@}: the first one, between {@code /} and {@code @} ({@code user/PASS@db});
 *   <li>{@code *secret* _}: a word that names a secret and the word after it ({@code set aws_secret_access_key KEY});
 *   <li>{@code <--password-stdin}: with that option the credential comes on standard input, from a here-string
 *       ({@code <<< PASS}) or the {@code echo} or {@code printf} piped in; {@code <} alone: always.
 * </ul>
 *
 * A tool marked as a wrapper ({@code sshpass}) has its options only before the command it runs.
 */
final class CredentialOptions {
  private CredentialOptions() {}

  /** Where a credential stands in one tool's arguments. */
  record Argument(String option, Form form, String part, int position) {
    enum Form { ATTACHED, EQUALS, NEXT_WORD, POSITIONAL, NAMED, STDIN }

    // The position that means the last argument, as a tool's spec writes "last".
    static final int LAST = -1;

    static Argument parse(String spec) {
      if (spec.startsWith("<")) {
        return new Argument(spec.substring(1), Form.STDIN, "", 0);
      }
      if (spec.equals("*secret* _")) {
        return new Argument("", Form.NAMED, "", 0);
      }
      if (spec.startsWith("#")) {
        int slash = spec.indexOf('/');
        String index = slash < 0 ? spec.substring(1) : spec.substring(1, slash);
        return new Argument("", Form.POSITIONAL, slash < 0 ? "" : spec.substring(slash),
            index.equals("last") ? LAST : Integer.parseInt(index));
      }
      int next = spec.indexOf(" _");
      if (next > 0) {
        return new Argument(spec.substring(0, next), Form.NEXT_WORD, spec.substring(next + 2), 0);
      }
      int plus = spec.indexOf('+', 1);
      if (plus > 0) {
        return new Argument(spec.substring(0, plus), Form.ATTACHED, spec.substring(plus + 1), 0);
      }
      int eq = spec.indexOf('=', 1);
      if (eq > 0) {
        return new Argument(spec.substring(0, eq + 1), Form.EQUALS, spec.substring(eq + 1), 0);
      }
      throw new IllegalArgumentException("not a credential argument: " + spec);
    }
  }

  /** One family of tools: its names, the subcommand words that must be present, its credential arguments. */
  record Tool(List<String> names, List<String> subcommand, List<Argument> arguments, boolean wrapper) {}

  private static final List<Tool> TOOLS = new ArrayList<>();
  private static final Map<String, List<Tool>> BY_NAME = new HashMap<>();

  private static void tool(String names, String subcommand, String... arguments) {
    add(names, subcommand, false, arguments);
  }

  private static void add(String names, String subcommand, boolean wrapper, String... arguments) {
    Tool t = new Tool(List.of(names.split(" ")), subcommand.isEmpty() ? List.of() : List.of(subcommand.split(" ")),
        Arrays.stream(arguments).map(Argument::parse).toList(), wrapper);
    TOOLS.add(t);
    t.names().forEach(n -> BY_NAME.computeIfAbsent(n, k -> new ArrayList<>()).add(t));
  }

  static {
    // databases
    tool("mysql mysqldump mysqladmin mysqlimport mysqlcheck mysqlshow mysqlsh mysqlslap mariadb mariadb-dump"
        + " mariadb-admin mariadb-import mariadb-check", "", "-p+", "--password=", "--password _");
    tool("mongosh mongo mongodump mongorestore mongoexport mongoimport mongostat mongotop", "",
        "-p _", "--password _", "--password=");
    tool("sqlcmd bcp osql isql", "", "-P _", "-P+");
    tool("influx", "", "-password _", "--password _", "-password=", "--password=");
    tool("sqlplus", "", "#0/@");
    tool("snowsql", "", "--password _", "--password=");
    tool("cqlsh", "", "-p _", "--password _", "--password=");
    tool("clickhouse-client clickhouse", "", "--password _", "--password=");
    tool("psql pg_dump pg_restore pg_dumpall createdb dropdb", "", "--password=");
    // containers and clusters
    tool("docker podman nerdctl buildah oras crane helm", "login", "-p _", "--password _", "--password=",
        "<--password-stdin");
    tool("skopeo", "", "--creds _:", "--creds=:", "--src-creds _:", "--src-creds=:", "--dest-creds _:",
        "--dest-creds=:");
    tool("kubectl oc kubelogin", "", "--token _", "--token=", "--password _", "--password=");
    tool("oc", "login", "-p _", "-t _");
    // caches, queues, directories
    tool("redis-cli valkey-cli keydb-cli redis-benchmark memtier_benchmark", "", "-a _", "--pass _", "--pass=",
        "--password _", "--password=");
    tool("redis-cli valkey-cli keydb-cli", "auth", "#last");
    tool("redis-cli valkey-cli keydb-cli acl", "setuser", ">+");
    tool("rabbitmqctl", "add_user", "#1");
    tool("rabbitmqctl", "change_password", "#1");
    tool("mosquitto_pub mosquitto_sub mosquitto_rr", "", "-P _", "--pw _");
    tool("ldapsearch ldapadd ldapmodify ldapdelete ldappasswd ldapwhoami ldapcompare ldapmodrdn", "", "-w _", "-w+");
    // remote shells and file transfer
    add("sshpass", "", true, "-p _", "-p+");
    tool("plink pscp psftp putty", "", "-pw _");
    tool("xfreerdp wlfreerdp sdl-freerdp xfreerdp3", "", "/p:+", "-p _");
    tool("smbclient rpcclient smbmap smbget", "", "-U _%", "--user _%", "--user=%", "--password=");
    tool("net", "use", "#last");
    tool("net", "user", "#1");
    tool("cmdkey", "", "/pass:+", "/p:+");
    tool("schtasks", "", "/rp _", "/RP _", "/p _", "/P _");
    tool("runas", "", "/password:+");
    tool("convertto-securestring", "", "#0", "-string _", "-String _");
    tool("lftp", "", "-u _,");
    tool("ncftp ncftpput ncftpget ncftpls", "", "-p _");
    tool("evil-winrm", "", "-p _");
    tool("svn", "", "--password _", "--password=");
    // HTTP clients
    tool("curl", "", "-u _:", "-u+:", "--user _:", "--user=:", "-U _:", "--proxy-user _:", "--proxy-user=:",
        "--oauth2-bearer _", "--oauth2-bearer=");
    tool("wget", "", "--password=", "--password _", "--http-password=", "--http-password _", "--http-passwd=",
        "--ftp-password=", "--ftp-password _", "--proxy-password=", "--proxy-password _");
    tool("http https xh xhs", "", "-a _:", "--auth _:", "--auth=:");
    tool("aria2c", "", "--http-passwd=", "--ftp-passwd=", "--http-passwd _", "--ftp-passwd _");
    tool("jenkins-cli", "", "-auth _:");
    // cloud and platform command lines
    tool("az", "login", "-p _", "--password _", "--password=");
    tool("doctl", "", "-t _", "--access-token _", "--access-token=");
    tool("vault bao", "login", "#0");
    tool("mc", "alias set", "#2", "#3");
    tool("mc", "config host add", "#2", "#3");
    tool("cf", "login", "-p _");
    tool("cf", "auth", "#1");
    tool("ngrok", "authtoken", "#0");
    tool("ngrok", "add-authtoken", "#0");
    tool("snyk", "auth", "#0");
    tool("twine", "", "-p _", "--password _", "--password=");
    tool("dotnet nuget", "source", "-p _", "--password _", "--password=");
    tool("setenv", "", "*secret* _");
    tool("gcloud", "", "--password _", "--password=");
    tool("gh", "login", "<--with-token");
    tool("aws npm yarn pnpm git pip pip3 poetry conda gh heroku", "set", "*secret* _");
    // keys, archives, encryption
    tool("openssl", "", "-passin _pass:", "-passout _pass:", "-pass _pass:", "-password _pass:", "-k _",
        "-kfile _pass:");
    tool("zip zipcloak", "", "-P _", "--password _");
    tool("unzip funzip", "", "-P _");
    tool("7z 7za 7zr 7zz rar unrar", "", "-p+");
    tool("keytool jarsigner", "", "-storepass _", "-keypass _", "-srcstorepass _", "-deststorepass _",
        "-srckeypass _", "-destkeypass _", "-new _");
    tool("htpasswd", "-b", "#last");
    tool("htpasswd", "-bc", "#last");
    tool("htpasswd", "-nb", "#last");
    tool("ssh-keygen", "", "-N _", "-P _");
    tool("gpg gpg2", "", "--passphrase _", "--passphrase=");
    tool("cryptsetup", "", "<");
    tool("wpa_passphrase", "", "#1");
    tool("nmcli", "", "password _");
    tool("iwctl", "", "--passphrase _", "--passphrase=");
  }

  /** The table's families for the tool named {@code name} (a word's base name, lower-case), or none. */
  static List<Tool> forName(String name) {
    return BY_NAME.getOrDefault(name, List.of());
  }

  /** Every tool name of the table, lower-case: the keywords that make a text worth reading as command lines. */
  static List<String> names() {
    return BY_NAME.keySet().stream().sorted().toList();
  }
}

package io.engram.redact;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How people name a secret in prose, per language: the nouns ("password", "Kennwort", "mot de passe", "пароль",
 * "密码"), which of them take a number ({@code PIN}) or several words (a passphrase), the words that join a noun to
 * its value ("is", "lautet", "est", "—", "是", "は", "는"), the words that end a search for the value (articles and
 * prepositions: "the password is in the vault"), the words that make the noun a description ("password policy"),
 * and the nouns that introduce a user and password pair ("login: admin / VALUE"). A language written without spaces
 * ({@link Language#cjk()}) takes as value the run of ASCII after the joiner.
 */
final class ProseLanguages {
  private ProseLanguages() {}

  /**
   * One language's words. {@code nouns} is one alternation (case-insensitive), tried where one of {@code keywords}
   * occurs; {@code pins} and {@code phrases} say which matched nouns take digits or several words; {@code
   * compounds}: a noun may end a longer word ({@code Datenbankpasswort}); {@code weak} nouns are words of
   * everyday prose too ("tests pass") and are read only when {@code =} or {@code :} follows them at once.
   */
  record Language(String code, List<String> keywords, Pattern nouns, Pattern pins, Pattern phrases, Pattern weak,
      List<String> joiners, Set<String> stops, Set<String> prepositions, Set<String> describing, Pattern logins,
      List<String> loginKeywords, boolean cjk, boolean compounds, Pattern places) {
    /** Languages whose prose has no places where it is stored; {@code places} says what follows a value that is one. */
    Language(String code, List<String> keywords, Pattern nouns, Pattern pins, Pattern phrases, Pattern weak,
        List<String> joiners, Set<String> stops, Set<String> prepositions, Set<String> describing, Pattern logins,
        List<String> loginKeywords, boolean cjk, boolean compounds) {
      this(code, keywords, nouns, pins, phrases, weak, joiners, stops, prepositions, describing, logins, loginKeywords,
          cjk, compounds, Pattern.compile("(?!)")); // "$^" would match an empty region: a value at the text's end
    }
  }

  private static Pattern p(String regex) {
    return Pattern.compile("(?iu)" + regex);
  }

  /** Words after a noun that make it a description of a secret, not the secret: shared by every language. */
  private static final Set<String> DESCRIBING_EN = Set.of("policy", "policies", "length", "limit", "limits", "count",
      "reset", "rotation", "expiry", "expiration", "handling", "field", "fields", "hash", "hashes", "hashing",
      "manager", "strength", "requirements", "rules", "prompt", "type", "budget", "bucket", "file", "files",
      "endpoint", "url", "header", "name", "ids", "id", "usage", "store", "storage", "format", "validation", "check",
      "management", "generator", "encoder", "refresh", "lifetime", "scope", "scopes", "sauce");

  /** English names of a secret that Chinese, Japanese and Korean prose uses as they are ("token 改成了 X"). */
  private static final String BORROWED = "(?:api|access|secret)[ _-]?keys?|(?:access|api|auth|bearer|bot)?[ _-]?tokens?"
      + "|passwords?|passwd|(?:app|client)?[ _-]?secrets?";

  static final List<Language> ALL = List.of(
      new Language("en", List.of("pass", "pwd", "pw", "secret", "token", "api", "access", "cred", "key", "pin", "psk",
          "pre-shared", "shared",
          "seed", "mnemonic", "login", "logon", "user", "account", "sign", "recovery", "backup"),
          p("pass[ -]?phrases?|seed[ -]phrase|recovery[ -]phrase|mnemonic|passwords?|passwd|passcodes?|pwd|pw|pass"
              + "|(?:recovery|backup)[ -]codes?|secret[ _-]?keys?|secrets?|(?:access|auth|api|bearer|bot|refresh)?[ _-]?tokens?|api[ _-]?keys?"
              + "|access[ _-]?keys?|credentials|creds|pin(?:[ -]?code)?|psk|pre-shared[ -]key|shared[ -]secret"
              + "|(?<=(?:wi-?fi|wlan|wpa2?|network|license|licence|product|activation|recovery|encryption|signing"
              + "|master|router|wireless|serial|private) ?)keys?"),
          p("pin(?:[ -]?code)?|passcodes?"), p("pass[ -]?phrases?|seed[ -]phrase|recovery[ -]phrase|mnemonic"), p("pass"),
          List.of("is now", "is", "was", "are", "were", "equals", "to", "=", ":", "reads"),
          Set.of("the", "a", "an", "in", "on", "at", "under", "inside", "behind", "from", "with", "by", "via",
              "through", "per", "not", "no", "same", "stored", "kept", "saved", "written", "available", "managed",
              "rotated", "required", "missing", "wrong", "invalid", "incorrect", "expired", "empty", "different",
              "also", "still", "being", "hashed", "encrypted", "there", "here", "this", "that", "it", "its", "our",
              "your", "my", "their", "his", "her", "in,", "either", "only", "never", "always", "must", "should"),
          Set.of("for", "of", "on", "to", "at", "in", "from"), DESCRIBING_EN,
          p("log[ -]?in(?:to)?|logon|sign[ -]?in|creds|credentials|user(?:name)?/pass(?:word)?|accounts?"),
          List.of("login", "log", "logon", "sign", "creds", "credentials", "user", "account"), false, false),
      new Language("de", List.of("passwort", "kennwort", "passphrase", "zugangsdaten", "zugangscode", "schlüssel",
          "token", "pin", "geheimnis", "anmeldung"),
          p("passphrase|passw(?:o|ö)rt(?:er)?|kennw(?:o|ö)rt(?:er)?|zugangscode|zugangsdaten|pin|token"
              + "|(?<=(?:api|wlan|wifi|wpa|lizenz|produkt|zugangs|netzwerk|geheim)-?)schlüssel"),
          p("pin"), p("passphrase"), p("$^"),
          List.of("ist jetzt", "ist", "lautet", "war", "lautete", "heißt", "auf", "=", ":"),
          Set.of("der", "die", "das", "den", "dem", "ein", "eine", "im", "in", "unter", "bei", "von", "aus", "nicht",
              "kein", "keine", "liegt", "gespeichert", "falsch", "abgelaufen", "leer", "geändert"),
          Set.of("für", "von", "vom", "auf", "zum", "zur", "im"),
          Set.of("richtlinie", "länge", "wechsel", "änderung", "ablauf", "manager", "regeln"),
          p("zugangsdaten|anmeldung|login|benutzer(?:name)?/passwort"), List.of("zugangsdaten", "anmeldung", "login",
          "benutzer"), false, true),
      new Language("fr", List.of("mot de passe", "mot-de-passe", "mdp", "phrase", "clé", "cle", "jeton", "identifiants",
          "code", "token"),
          p("mots? de passe|mot-de-passe|mdp|phrase secrète|phrase de passe|jetons?|tokens?|code pin|code d'accès"
              + "|clés? (?:api|wifi|wi-fi|d'accès|secrète|de licence)|clé"),
          p("code pin"), p("phrase secrète|phrase de passe"), p("$^"),
          List.of("est maintenant", "est", "était", "sera", "c'est", "c’est", "vaut", "en", "=", ":"),
          Set.of("le", "la", "les", "un", "une", "dans", "sous", "sur", "chez", "avec", "par", "pas", "ne",
              "incorrect", "incorrecte", "expiré", "vide", "stocké", "lue", "lu", "depuis"),
          Set.of("de", "du", "des", "pour", "sur"),
          Set.of("politique", "longueur", "réinitialisation", "expiration", "gestionnaire"),
          p("identifiants|login|compte"), List.of("identifiants", "login", "compte"), false, false),
      new Language("es", List.of("contrase", "clave", "frase", "token", "credenciales", "pin"),
          p("contraseñas?|contrasena|claves?(?: de acceso| del wifi| wifi| api)?|frase de contraseña|frase secreta"
              + "|tokens?|pin"),
          p("pin"), p("frase de contraseña|frase secreta"), p("$^"),
          List.of("es ahora", "es", "era", "será", "a", "=", ":"),
          Set.of("el", "la", "los", "las", "un", "una", "en", "bajo", "con", "por", "no", "incorrecta", "incorrecto",
              "caducada", "vacía", "guardada"),
          Set.of("de", "del", "para", "en"),
          Set.of("política", "longitud", "caducidad", "restablecimiento", "gestor"),
          p("usuario y contraseña|credenciales|cuenta|usuario"), List.of("usuario", "credenciales", "cuenta"), false,
          false),
      new Language("pt", List.of("senha", "palavra-passe", "chave", "token"),
          p("senhas?|palavra-passe|chaves?(?: de acesso| api)?|tokens?"), p("$^"), p("$^"), p("$^"),
          List.of("é", "era", "será", "para", "=", ":"),
          Set.of("o", "a", "os", "as", "um", "uma", "em", "no", "na", "não", "incorreta"),
          Set.of("de", "do", "da", "para"), Set.of("política"), p("usuário e senha|credenciais"),
          List.of("usuário", "credenciais"), false, false),
      new Language("it", List.of("password", "chiave", "token", "parola"),
          p("password|parola d'ordine|chiavi? (?:api|di accesso|wifi)|chiave|token"), p("$^"), p("$^"), p("$^"),
          List.of("è", "era", "sarà", "=", ":"),
          Set.of("il", "la", "lo", "le", "un", "una", "in", "nel", "nella", "non", "sbagliata"),
          Set.of("di", "del", "della", "per"), Set.of("politica", "lunghezza"), p("credenziali"),
          List.of("credenziali"), false, false),
      new Language("ru", List.of("пароль", "парол", "кодов", "ключ", "токен", "пин"),
          p("парольная фраза|кодовая фраза|кодовое слово|парол(?:ь|я|и|ем)|(?:api-|апи-)?ключ(?:и)?(?: доступа)?"
              + "|токен(?: доступа)?|пин(?:-код)?"),
          p("пин(?:-код)?"), p("парольная фраза|кодовая фраза|кодовое слово"), p("$^"),
          List.of("—это", "— это", "это", "был", "была", "будет", "на", "—", "–", "-", "=", ":"),
          Set.of("в", "во", "на", "под", "не", "нет", "лежит", "хранится", "неверный", "истёк", "истекает"),
          Set.of("от", "для", "к", "на", "у"), Set.of("политика", "длина", "сброс", "срок"),
          p("логин/пароль|логин|учётка|учетка|учётная запись|учетная запись"), List.of("логин", "учётк", "учетк",
          "учётная", "учетная"), false, false),
      new Language("zh", List.of("密码", "密碼", "口令", "密钥", "密鑰", "金鑰", "私钥", "私鑰", "令牌", "秘钥", "秘鑰", "暗码",
          "通行码", "授权码", "授權碼", "token", "secret", "pass", "api", "access", "app", "client"),
          p("密码短语|助记词|密碼|密码|口令|密钥|密鑰|金鑰|私钥|私鑰|令牌|秘钥|秘鑰|暗码|通行码|授权码|授權碼|" + BORROWED),
          p("$^"), p("密码短语|助记词"), p("$^"),
          List.of("改成了", "改成", "改为", "改為", "设成了", "设成", "设为", "設為", "设置为", "设置成", "換成", "换成", "不是", "是",
              "为", "為", "：", ":", "="),
          Set.of(), Set.of(), Set.of(), p("账号/密码|帐号/密码|帳號/密碼|账号|帐号|帳號|賬號|用户名/密码|用户名|用戶名|账户|帳戶"),
          List.of("账号", "帐号", "帳號", "賬號", "用户名", "用戶名", "账户", "帳戶"), true, false,
          p("[ \t]*(?:里|中|上|内|裡)")),
      new Language("ja", List.of("パスワード", "パスフレーズ", "暗証番号", "合言葉", "トークン", "キー", "token", "secret",
          "pass", "api", "access"),
          p(BORROWED + "|パスフレーズ|パスワード|暗証番号|合言葉|トークン|(?<=(?:API|api|アクセス|シークレット|秘密) ?)キー"),
          p("暗証番号"), p("パスフレーズ"), p("$^"),
          List.of("は", "が", "を", "も", "：", ":", "="),
          Set.of(), Set.of(), Set.of(), p("アカウント|ログイン|ID/パスワード"), List.of("アカウント", "ログイン"), true, false,
          p("[ \t]*(?:に|で|から|へ|の中)(?:は|も)?[ \t]*(?:保存|保管|ある|あり|入|記載|書|置|登録|管理)")),
      new Language("ko", List.of("비밀번호", "비번", "암호", "패스워드", "토큰", "키", "token", "secret", "pass", "api",
          "access"),
          p(BORROWED + "|비밀번호|비번|암호|패스워드|토큰|(?<=(?:API|api|액세스|시크릿|비밀) ?)키"), p("$^"), p("$^"), p("$^"),
          List.of("는", "은", "가", "이", "를", "을", "도", "：", ":", "="),
          Set.of(), Set.of(), Set.of(), p("계정|아이디|로그인"), List.of("계정", "아이디", "로그인"), true, false,
          p("[ \t]*(?:에|에서)(?:는|도)?[ \t]*(?:저장|보관|있|들어|기록|관리)")),
      plain("nl", List.of("wachtwoord", "toegangscode", "pincode", "sleutel"),
          "wachtwoord(?:en)?|toegangscode|pincode|(?<=(?:api|wifi|wlan|wpa|toegangs|netwerk)-?)sleutel",
          List.of("is nu", "is", "was", "luidt", "=", ":"), Set.of("de", "het", "een", "in", "op", "niet", "geen",
              "staat", "opgeslagen", "bewaard"), Set.of("van", "voor", "bij"), true),
      plain("sv", List.of("lösenord", "lösen", "nyckel"), "lösenord(?:et|en)?|(?<=(?:api|wifi|wlan|wpa)-?)nyckel(?:n)?",
          List.of("är nu", "är", "var", "=", ":"), Set.of("den", "det", "en", "ett", "i", "på", "inte", "sparat",
              "sparad"), Set.of("till", "för", "på"), true),
      plain("pl", List.of("hasł", "hasl", "klucz"), "hasło|hasła|hasłem|haslo|klucz(?:e)? (?:api|dostępu)|klucz",
          List.of("to", "jest", "brzmi", "=", ":"), Set.of("w", "na", "nie", "jest", "to"), Set.of("do", "dla", "od"),
          false),
      plain("tr", List.of("şifre", "sifre", "parola", "anahtar"), "şifre(?:si|niz|miz)?|sifre(?:si)?|parola(?:sı)?"
          + "|(?:api )?anahtar(?:ı)?", List.of("=", ":", "ise"), Set.of("bir", "yok", "değil"), Set.of(), false),
      plain("vi", List.of("mật khẩu", "mat khau", "khóa", "mã pin"), "mật khẩu|mat khau|khóa api|mã pin",
          List.of("là", "=", ":"), Set.of("trong", "không", "ở", "được"), Set.of("của", "cho"), false),
      plain("id", List.of("kata sandi", "sandi", "kunci"), "kata sandi|sandi|kunci (?:api|akses)",
          List.of("adalah", "yaitu", "ialah", "=", ":"), Set.of("di", "tidak", "ada", "yang"),
          Set.of("untuk", "dari", "ke"), false),
      plain("ar", List.of("كلمة", "الرقم", "مفتاح"), "كلمة (?:المرور|السر|مرور)|الرقم السري|مفتاح (?:api|الوصول)",
          List.of("هي", "هو", "=", ":"), Set.of("في", "لا", "ليست"), Set.of(), false),
      plain("hi", List.of("पासवर्ड", "कूटशब्द"), "पासवर्ड|कूटशब्द", List.of("है", "=", ":"), Set.of("में", "नहीं"),
          Set.of(), false),
      new Language("th", List.of("รหัสผ่าน", "รหัส"), p("รหัสผ่าน|รหัส"), p("$^"), p("$^"), p("$^"),
          List.of("คือ", "เป็น", "：", ":", "="), Set.of(), Set.of(), Set.of(), p("$^"), List.of(), true, false));

  /** Every language's keywords, lower-case, once each: the words one of which a secret's noun holds. */
  static final List<String> KEYWORDS = ALL.stream().flatMap(l -> l.keywords().stream())
      .map(k -> k.toLowerCase(java.util.Locale.ROOT)).distinct().toList();

  /**
   * True when {@code s[from, to)} holds a secret's noun of any language as a word of its own (not a part of an
   * identifier: {@code check_password}, {@code TokenStore}); in a language without spaces, anywhere.
   */
  static boolean holdsNoun(String s, int from, int to) {
    for (Language l : ALL) {
      java.util.regex.Matcher m = l.nouns().matcher(s).region(from, to).useTransparentBounds(true);
      while (m.find()) {
        if (m.start() == m.end()) {
          continue;
        }
        // a noun in a script without spaces stands anywhere; a word of letters (also borrowed into one) on its own
        boolean unspaced = l.cjk() && ProseSecrets.isUnspacedScript(s.charAt(m.start()));
        boolean before = m.start() > 0 && isWordChar(s.charAt(m.start() - 1));
        boolean after = m.end() < s.length() && isWordChar(s.charAt(m.end()));
        if (unspaced || !before && !after) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The lines of a text that hold one of {@link #KEYWORDS}, at most {@code maxLength} long, in order and once each:
   * {start, end} with end at the line feed or the text's end.
   */
  static List<int[]> linesWithKeywords(ScannedText scanned, int maxLength) {
    java.util.BitSet lines = new java.util.BitSet();
    for (String k : KEYWORDS) {
      int end = -1;
      for (int at : scanned.hits(k)) {
        if (at >= end) {
          int line = scanned.lineOf(at);
          lines.set(line);
          end = scanned.lineEnd(line);
        }
      }
    }
    List<int[]> out = new java.util.ArrayList<>();
    for (int line = lines.nextSetBit(0); line >= 0; line = lines.nextSetBit(line + 1)) {
      int start = scanned.lineStart(line);
      int end = scanned.lineEnd(line);
      if (end - start <= maxLength) {
        out.add(new int[] {start, end});
      }
    }
    return out;
  }

  private static boolean isWordChar(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  /**
   * A language read with its nouns, joiners, stop words and prepositions alone: no PIN or passphrase nouns, no
   * describing words, no login pairs.
   */
  private static Language plain(String code, List<String> keywords, String nouns, List<String> joiners,
      Set<String> stops, Set<String> prepositions, boolean compounds) {
    return new Language(code, keywords, p(nouns), p("$^"), p("$^"), p("$^"), joiners, stops, prepositions, Set.of(),
        p("$^"), List.of(), false, compounds);
  }
}

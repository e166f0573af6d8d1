package io.engram.mcp.transport;

/**
 * A page's {@code nextCursor}: the position of the last item it held, so the next page starts after it whatever came
 * or went in between. Clients treat it as opaque; it is plain text ({@code after <position>}) so that no secret
 * filter mistakes it for a key.
 */
public final class PageCursor {
  private static final String PREFIX = "after ";

  private PageCursor() {}

  /** The cursor of a page whose last item sits at {@code position}. */
  public static String after(String position) {
    return PREFIX + position;
  }

  /** The position {@code cursor} names; {@link IllegalArgumentException} for one this server did not give. */
  public static String position(String cursor) {
    if (cursor.startsWith(PREFIX) && cursor.length() > PREFIX.length()) {
      return cursor.substring(PREFIX.length());
    }
    throw new IllegalArgumentException("unknown cursor '" + cursor + "': pass the nextCursor of the page before,"
        + " or none for the first page");
  }
}

package shop;

public class ShopApplication {
  public static void main(String[] args) {}
}

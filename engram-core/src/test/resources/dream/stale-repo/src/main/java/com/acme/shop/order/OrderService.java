package com.acme.shop.order;

public class OrderService {
  public void create() {}
}

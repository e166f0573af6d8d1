print("seeding")

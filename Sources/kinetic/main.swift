print("kinetic")

print("rolo")

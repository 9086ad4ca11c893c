/// The dishes the stand-in OpenFoods server lists, in its order: a name, a country code and a
/// description each. Fixed rather than generated so demos and tests can name them.
enum FoodsDishes {
    /// One dish: name, country of origin, description.
    typealias Dish = (name: String, country: String, description: String)

    static let all: [Dish] = [
        ("French Onion Soup", "FR", "French onion soup is a soup usually based on meat stock and onions, and often "
            + "served gratinéed with croutons or a larger piece of bread covered with cheese floating on top. "
            + "Ancient in origin, the dish underwent a resurgence of popularity in the 1960s in the United States "
            + "due to a greater interest in French cuisine. French onion soup may be served as a meal in itself "
            + "or as an entrée."),
        ("Sushi", "JP", "Vinegared rice with raw fish, seafood or vegetables, shaped by hand or rolled in nori."),
        ("Pizza Margherita", "IT", "Tomato, mozzarella and basil on a thin, blistered crust: the Italian flag."),
        ("Tacos al Pastor", "MX", "Spit-grilled pork with pineapple in small corn tortillas, onion and coriander."),
        ("Pad Thai", "TH", "Stir-fried rice noodles with egg, tofu, tamarind, peanuts and bean sprouts."),
        ("Phở", "VN", "A clear, spiced beef broth poured over rice noodles and thin slices of beef."),
        ("Kimchi", "KR", "Salted and fermented napa cabbage and radish with chilli, garlic and ginger."),
        ("Paella", "ES", "Saffron rice cooked in a wide pan with rabbit, chicken and beans, or with seafood."),
        ("Pierogi", "PL", "Half-moon dumplings filled with potato and cheese, sauerkraut or fruit."),
        ("Goulash", "HU", "A slow stew of beef, onions and plenty of sweet paprika."),
        ("Moussaka", "GR", "Layers of aubergine and spiced lamb under a thick béchamel, baked golden."),
        ("Falafel", "LB", ""),
        ("Poutine", "CA", "Chips and cheese curds under hot brown gravy, so the curds squeak and melt."),
        ("Feijoada", "BR", "Black beans stewed with pork and beef, served with rice, greens and orange."),
        ("Ceviche", "PE", "Raw fish cured in lime juice with chilli, red onion and sweet potato."),
        ("Borscht", "UA", "A sour beetroot soup with cabbage and potato, served with smetana."),
        ("Fish and Chips", "GB", "Battered cod or haddock with thick chips, salt and malt vinegar."),
        ("Bratwurst", "DE", "A grilled pork sausage in a crusty roll with mustard."),
        ("Smørrebrød", "DK", "Open sandwiches on rye bread: herring, egg, shrimp or roast beef."),
        ("Kiluvõileib", "EE", "Rye bread with butter, boiled egg and marinated Baltic sprats (kilud)."),
        ("Пельмени", "RU", "Small dumplings of minced meat in thin dough, boiled and served with sour cream."),
        ("Jollof Rice", "NG", "Rice cooked in a smoky tomato and pepper sauce; every family's is the best."),
        ("Injera", "ET", "A spongy, sour teff flatbread that is plate, spoon and meal at once."),
        ("Biryani", "IN", longDescription),
        ("北京烤鸭", "CN", "Peking duck: lacquered skin carved at the table, with pancakes and hoisin."),
        ("Bibimbap", "KR", "Rice topped with seasoned vegetables, beef, a fried egg and gochujang."),
        ("Hummus", "LB", "Chickpeas blended with tahini, lemon and garlic, finished with olive oil."),
        ("Baklava", "TR", "Layers of filo with chopped nuts, soaked in syrup or honey."),
        ("Couscous", "MA", "Steamed semolina under a stew of vegetables and lamb."),
        ("Pavlova", "NZ", "A meringue with a crisp crust and soft centre, topped with cream and fruit."),
        ("Lamington", "AU", "Sponge cake squares dipped in chocolate and rolled in coconut."),
        ("Poke", "US", "Cubed raw tuna dressed with soy and sesame, served over rice."),
        ("Haggis", "GB", "Sheep's pluck with oatmeal, onion and spices, with neeps and tatties."),
        ("Arepa", "VE", "A griddled corn cake split open and filled with cheese, beans or meat."),
        ("Laksa", "MY", "Noodles in a rich, spicy coconut curry broth with prawns and tofu puffs."),
        ("Adobo", "PH", "Chicken or pork braised in vinegar, soy sauce, garlic and bay leaves."),
        ("Rendang", "ID", "Beef slow-cooked in coconut milk and spices until almost dry."),
        ("Khachapuri", "GE", "Boat-shaped bread filled with cheese, an egg and butter stirred in at the table."),
        ("Mystery Stew", "XX", "Nobody remembers where this one came from, only that it was good."),
        ("Chef's Special", "ZZ", "Whatever the chef found at the market this morning."),
    ]

    /// The one very long description, longer than any terminal line.
    private static let longDescription = "Biryani is a mixed rice dish made with spices, rice (usually basmati) "
        + "and meat (chicken, goat, lamb, beef, prawn or fish), and sometimes, in addition, eggs and potatoes. "
        + "It is one of the most popular dishes in South Asia and among its diaspora, and each region has its own "
        + "way of making it. In the dum style the marinated meat and the par-boiled rice are layered in a heavy "
        + "pot, the lid is sealed with dough, and the pot is set over a low fire so that the rice finishes "
        + "cooking in the steam of the meat; in the pakki style the meat is cooked first and the rice added to "
        + "it. Hyderabadi biryani is known for its saffron and fried onions, Lucknowi (Awadhi) biryani for its "
        + "delicate stock, Kolkata biryani for the potato and the boiled egg in it, Thalassery biryani for its "
        + "short-grained kaima rice, and Sindhi biryani for its sour plums and green chillies. Biryani is served "
        + "with raita, a yoghurt sauce with cucumber or onion, with salan, a curry of chillies and peanuts, or "
        + "with a boiled egg and a wedge of lemon, and it is the dish of weddings, festivals and Friday lunches "
        + "from Karachi to Kuala Lumpur. The word itself is thought to come from the Persian birian, fried "
        + "before cooking, or birinj, rice, and the dish to have come to the subcontinent with the Mughals, "
        + "though southern cooks will tell you that rice and meat were cooked together there long before."
}

import type { Category, ProductStatus } from '~/shared/constants';

/** The customers who wrote the demo reviews (accounts with role customer, e-mails on example.in). */
export const REVIEWERS: readonly { name: string; email: string }[] = [
  { name: 'Aditya Kulkarni', email: 'aditya.kulkarni@example.in' },
  { name: 'Priya Sharma', email: 'priya.sharma@example.in' },
  { name: 'Rahul Patil', email: 'rahul.patil@example.in' },
  { name: 'Sneha Joshi', email: 'sneha.joshi@example.in' },
  { name: 'Vikram Iyer', email: 'vikram.iyer@example.in' },
  { name: 'Ananya Reddy', email: 'ananya.reddy@example.in' },
  { name: 'Karan Mehta', email: 'karan.mehta@example.in' },
  { name: 'Pooja Deshmukh', email: 'pooja.deshmukh@example.in' },
  { name: 'Arjun Nair', email: 'arjun.nair@example.in' },
  { name: 'Neha Gupta', email: 'neha.gupta@example.in' },
  { name: 'Siddharth Rao', email: 'siddharth.rao@example.in' },
  { name: 'Kavya Menon', email: 'kavya.menon@example.in' },
  { name: 'Amit Shinde', email: 'amit.shinde@example.in' },
  { name: 'Farhan Qureshi', email: 'farhan.qureshi@example.in' },
  { name: 'Ritika Agarwal', email: 'ritika.agarwal@example.in' },
  { name: 'Manoj Pawar', email: 'manoj.pawar@example.in' },
  { name: 'Divya Bhat', email: 'divya.bhat@example.in' },
  { name: 'Harpreet Singh', email: 'harpreet.singh@example.in' },
  { name: 'Swati Gokhale', email: 'swati.gokhale@example.in' },
  { name: 'Nikhil Jadhav', email: 'nikhil.jadhav@example.in' },
];

export interface ReviewText {
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
}

/** Review texts per category, written so that each fits any product of its category. */
export const REVIEW_POOLS: Record<Category, readonly ReviewText[]> = {
  Laptop: [
    {
      rating: 5,
      title: 'Perfect for engineering classes',
      body: 'Bought this for my second year at COEP. VS Code, MATLAB and a dozen Chrome tabs run without any lag. Delivered to Shivajinagar in two days and the GST invoice came by e-mail the same evening.',
    },
    {
      rating: 5,
      title: 'Battery lasts my whole workday',
      body: 'I get a full office day on one charge with Teams calls and Excel, so the charger now stays at home. Packing was excellent and the box had the original seal.',
    },
    {
      rating: 5,
      title: 'Genuine product, warranty registered',
      body: "I was nervous about buying a laptop online, but the serial number showed up on the brand's warranty site with the start date of my invoice. Reached Thane in three days.",
    },
    {
      rating: 5,
      title: 'Huge upgrade in display',
      body: 'Coming from an old HD laptop, the screen is sharp and bright enough next to my window. Text is crisp for long coding sessions and Netflix looks great at night.',
    },
    {
      rating: 5,
      title: 'Great for work from home',
      body: 'The webcam and microphones are clear on Zoom; my manager noticed the difference on the first call. The keyboard is comfortable for typing all day.',
    },
    {
      rating: 5,
      title: 'Proper B2B invoice for my firm',
      body: 'Bought two for our CA office in Kothrud. Got a correct invoice with our GSTIN and claimed the input credit without any back-and-forth.',
    },
    {
      rating: 5,
      title: 'Quick delivery to Bengaluru',
      body: 'Ordered on Monday, received in Whitefield on Thursday. Boots in seconds and Windows was already activated. Very happy with the purchase.',
    },
    {
      rating: 4,
      title: 'Very good, speakers are average',
      body: 'Performance is excellent for the price and it stays reasonably cool. The speakers are a little weak, so I use earphones for movies.',
    },
    {
      rating: 4,
      title: 'Worth the money',
      body: 'Handles Photoshop and light Premiere Pro edits well. It took one extra day to reach Nashik, but the shop kept me updated on WhatsApp.',
    },
    {
      rating: 4,
      title: 'Solid build, slightly heavy',
      body: 'Feels sturdy and the keyboard is great, but it is heavier than I expected to carry in a college bag every day. No complaints about speed.',
    },
    {
      rating: 4,
      title: 'Good laptop after removing trial apps',
      body: 'Came with a few trial apps that I uninstalled. After that it is quick and quiet, and the battery gives me six to seven hours.',
    },
    {
      rating: 3,
      title: 'Fine, but fans get loud',
      body: 'Performance is fine, but the fans ramp up on hot Pune afternoons when I run Android Studio. Usable, just not as silent as I hoped.',
    },
    {
      rating: 3,
      title: 'Display could be brighter',
      body: 'Good speed for the price, but the screen is dim outdoors and colours look dull next to my phone. Okay for indoor use.',
    },
    {
      rating: 2,
      title: 'Delivery was delayed',
      body: 'The laptop itself works well, but delivery to Panvel took a week instead of three days. Support did reply and apologised.',
    },
    {
      rating: 1,
      title: 'Charger failed in the first week',
      body: 'The charger stopped working on day two. A replacement was arranged but took ten days, and I could not use the laptop meanwhile.',
    },
  ],
  Desktop: [
    {
      rating: 5,
      title: 'Runs our billing counter flawlessly',
      body: 'Using it for Tally Prime and GST billing at our hardware shop in Hadapsar. Fast, quiet, and it has not hung once in three months.',
    },
    {
      rating: 5,
      title: 'Setup done at home, very helpful',
      body: 'The delivery person helped connect everything and checked that Windows was activated. My parents could start video calls the same evening.',
    },
    {
      rating: 5,
      title: 'Silent and fast',
      body: 'I can barely hear it even late at night. Opens Excel files with lakhs of rows quickly. Packed very well for the trip to Kalyan.',
    },
    {
      rating: 5,
      title: 'Great for my home office',
      body: 'Replaced an eight-year-old PC. Boot time went from minutes to seconds. GST invoice with my firm name arrived the same day.',
    },
    {
      rating: 5,
      title: 'Excellent for photo editing',
      body: 'Lightroom exports are much faster than on my old laptop. Plenty of USB ports for card readers and backup drives.',
    },
    {
      rating: 5,
      title: 'Bought five for our office',
      body: 'Ordered five units for our Baner office. All arrived together with individual invoices, and the warranty registration was simple.',
    },
    {
      rating: 4,
      title: 'Good value, basic keyboard',
      body: 'Performance is very good for the money. The bundled keyboard and mouse are basic, so I switched to my own.',
    },
    {
      rating: 4,
      title: 'Compact and capable',
      body: 'Fits neatly on a small desk in our flat in Vashi. It handles school projects and office work together without slowing down.',
    },
    {
      rating: 4,
      title: 'Works well on inverter backup',
      body: 'Low power draw means our inverter keeps it running during power cuts for a long time. Only wish it had more front USB ports.',
    },
    {
      rating: 4,
      title: 'Reliable for coding',
      body: 'Docker, two IDEs and a browser with many tabs run comfortably. Delivery to Bengaluru took four days, which was fine.',
    },
    {
      rating: 4,
      title: 'Good product, slow updates on first day',
      body: 'Needed an hour of Windows updates on the first boot, so plan for that. After that it has been fast and stable.',
    },
    {
      rating: 3,
      title: 'Decent, but fan noise under load',
      body: 'Fine for daily work, but the fan gets noticeably loud when rendering videos. Acceptable for the price.',
    },
    {
      rating: 3,
      title: 'Average Wi-Fi reception',
      body: 'Performance is good, but Wi-Fi is weak in the bedroom far from the router. I ran a LAN cable and it is fine now.',
    },
    {
      rating: 2,
      title: 'Box arrived damaged',
      body: 'The outer box was dented on arrival in Thane. The PC works, but one front USB port is loose. Support has booked a service visit.',
    },
    {
      rating: 1,
      title: 'Did not power on',
      body: 'The unit did not power on when it arrived. The replacement took almost two weeks because the model was out of stock.',
    },
  ],
  Monitor: [
    {
      rating: 5,
      title: 'No dead pixels, great colours',
      body: 'Checked every pixel on arrival with a test pattern: none dead. Colours are accurate for my photo edits and the panel is evenly lit.',
    },
    {
      rating: 5,
      title: 'Perfect second screen for WFH',
      body: 'Connected it to my office laptop and productivity went up immediately. Delivered to Kharghar in two days, very well packed.',
    },
    {
      rating: 5,
      title: 'Smooth gaming',
      body: 'Valorant and Forza look incredibly smooth. Remember to set the refresh rate in Windows display settings, it defaults lower.',
    },
    {
      rating: 5,
      title: 'Easy on the eyes',
      body: 'I study for ten hours a day and my eyes feel much less tired than with my old monitor. Worth every rupee.',
    },
    {
      rating: 5,
      title: 'Sharp text for coding',
      body: 'Text is very crisp and I can keep two files open side by side. Arrived in Pune the next day with the GST invoice.',
    },
    {
      rating: 5,
      title: 'Great value for money',
      body: 'Could not find this price anywhere else for a genuine unit with brand warranty. The cable was included in the box.',
    },
    {
      rating: 5,
      title: 'Excellent for MacBook',
      body: 'Plug-and-play with my MacBook, no driver needed. Looks sharp and the build quality feels premium.',
    },
    {
      rating: 4,
      title: 'Good picture, basic stand',
      body: 'The panel is excellent, but the stand wobbles a little when I type hard. Planning to move it to a monitor arm.',
    },
    {
      rating: 4,
      title: 'Very good, but no DisplayPort cable',
      body: 'Picture quality is great. Only an HDMI cable was in the box, so I bought a DisplayPort cable separately for the full refresh rate.',
    },
    {
      rating: 4,
      title: 'Nice colours, menus are fiddly',
      body: 'Colours and brightness are very good for the price. The on-screen menu buttons are awkward to reach at the back, but you set it once.',
    },
    {
      rating: 4,
      title: 'Solid upgrade',
      body: 'Big upgrade from my old 19-inch screen. Delivery to Bengaluru took four days and the packing was double-boxed.',
    },
    {
      rating: 3,
      title: 'Okay, slight backlight bleed',
      body: 'There is slight backlight bleed in one corner, visible only on a black screen in a dark room. Fine for daily use.',
    },
    {
      rating: 3,
      title: 'Built-in speakers are weak',
      body: 'The picture is good, but the speakers are too quiet for movies. Use headphones or external speakers.',
    },
    {
      rating: 2,
      title: 'Replacement needed',
      body: 'The first unit had a flickering line. The replacement is fine, but the process took over a week with pickup from Thane.',
    },
    {
      rating: 1,
      title: 'Arrived with a cracked panel',
      body: 'The screen was cracked on arrival despite the packing. Refund was processed, but it was disappointing after waiting for delivery.',
    },
  ],
};

/** A review picked for a product: who wrote it (index into REVIEWERS), what, and how many days ago. */
export interface PickedReview extends ReviewText {
  reviewerIndex: number;
  daysAgo: number;
}

/** FNV-1a, 32 bits: a stable number from a product key. */
export function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small deterministic generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export const MAX_REVIEWS_PER_PRODUCT = 8;

/**
 * The demo reviews of one product, the same on every run: none for drafts or unsold products,
 * more for best sellers (about log2 of units sold, plus or minus one), at most eight, each by a
 * different reviewer with a different text, written after the product was listed.
 */
export function pickReviews(product: {
  key: string;
  category: Category;
  soldCount: number;
  listedDaysAgo: number;
  status?: ProductStatus;
}): PickedReview[] {
  if (product.soldCount <= 0 || product.status === 'draft' || product.status === 'pending_review') return [];
  const random = generator(hashKey(product.key));
  const base = Math.round(Math.log2(1 + product.soldCount / 20));
  const jitter = Math.floor(random() * 4) - 1; // -1, 0, +1 or +2
  const count = Math.max(0, Math.min(MAX_REVIEWS_PER_PRODUCT, base + jitter, REVIEWERS.length));
  if (count === 0) return [];

  const texts = shuffled(REVIEW_POOLS[product.category], random).slice(0, count);
  const reviewers = shuffled(
    REVIEWERS.map((_, index) => index),
    random,
  ).slice(0, count);
  const maxDaysAgo = Math.max(0, Math.min(product.listedDaysAgo - 1, 365));
  return texts.map((text, i) => ({
    ...text,
    reviewerIndex: reviewers[i]!,
    daysAgo: Math.floor(random() * (maxDaysAgo + 1)),
  }));
}

/** The average of the ratings rounded to 2 decimals (as stored in products.rating_avg), 0 without reviews. */
export function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  return Math.round((sum / ratings.length) * 100) / 100;
}

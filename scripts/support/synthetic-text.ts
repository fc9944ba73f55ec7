import type { Rand } from "./random";

// Phrase pools for synthetic transcripts. Each agent kind has its own script so that full-text
// search over transcripts finds plausible, distinct topics ("cleaning", "invoice", "refund"...).

export type AgentKind = "receptionist" | "sales" | "support" | "survey";

const FIRST = ["Maria", "James", "Aisha", "Chen", "Olivia", "Liam", "Sofia", "Noah", "Priya", "Lucas", "Emma", "Mateo",
  "Hannah", "Omar", "Grace", "Daniel", "Yuki", "Ethan", "Zara", "Samuel"];
const LAST = ["Lopez", "Smith", "Khan", "Wei", "Johnson", "Brown", "Garcia", "Miller", "Patel", "Silva", "Davis", "Kim",
  "Nguyen", "Haddad", "Wilson", "Moore", "Tanaka", "Clark", "Ali", "Baker"];
const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const TIMES = ["9 am", "9:30 am", "10 am", "11:15 am", "noon", "1:30 pm", "2 pm", "3:45 pm", "4:30 pm", "5 pm"];

function slot(rand: Rand, k: string): string {
  switch (k) {
    case "first": return rand.pick(FIRST);
    case "last": return rand.pick(LAST);
    case "day": return rand.pick(DAYS);
    case "time": return rand.pick(TIMES);
    case "order": return `${rand.int(100, 999)}-${rand.int(1000, 9999)}`;
    case "amount": return `$${rand.int(12, 480)}.${String(rand.int(0, 99)).padStart(2, "0")}`;
    default: return k;
  }
}

// Templates split once into [text, slot, text, slot, ..., text]: seeding 300k calls fills millions.
const compiled = new Map<string, string[]>();
function fill(rand: Rand, template: string): string {
  let parts = compiled.get(template);
  if (!parts) compiled.set(template, (parts = template.split(/\{(\w+)\}/)));
  let out = parts[0];
  for (let i = 1; i < parts.length; i += 2) out += slot(rand, parts[i]) + parts[i + 1];
  return out;
}

interface Script { greet: string[]; asks: string[]; replies: string[]; follow: string[]; answers: string[]; close: string[] }

const SCRIPTS: Record<AgentKind, Script> = {
  receptionist: {
    greet: ["Thank you for calling Bright Smile Dental, how can I help you today?", "Good morning, Bright Smile Dental, this is the virtual front desk."],
    asks: ["Hi, this is {first} {last}, I'd like to book a cleaning.", "I need to reschedule my appointment on {day}.",
      "Do you have anything open for a check-up on {day}?", "My tooth has been hurting since yesterday, can I come in?"],
    replies: ["I have an opening on {day} at {time}. Would that work for you?", "Let me check the schedule. We can see you on {day} at {time}.",
      "I'm sorry to hear that. We keep emergency slots; the earliest is {day} at {time}."],
    follow: ["Yes, {time} works. Do I need to bring anything?", "Could we do a bit later on {day}?", "That's perfect, thank you."],
    answers: ["Please bring your insurance card and arrive ten minutes early.", "Sure, I've moved you to {day} at {time}.",
      "You're all set, you'll get a text reminder the day before."],
    close: ["Is there anything else I can help you with? Have a great day!", "Thanks for calling, see you soon."],
  },
  sales: {
    greet: ["Hi, this is Alex from Northwind Solar calling about the quote you requested.", "Hello! I'm calling from Northwind Solar about your home energy assessment."],
    asks: ["Oh right, I filled out the form last week.", "I'm a bit busy, what is this about?", "Yes, I was wondering how much panels would cost."],
    replies: ["Based on your roof, a typical system saves around {amount} per month. Could we book a free site visit?",
      "I'll be quick: we can schedule a free assessment on {day} at {time}.", "Most homes in your area qualify for a federal tax credit of 30 percent."],
    follow: ["What does the installation involve?", "Can you send me the details by email?", "{day} at {time} sounds fine."],
    answers: ["Installation usually takes one day and we handle the permits.", "Of course, I'll email the quote and a brochure right after this call.",
      "Great, I've booked the site visit for {day} at {time}."],
    close: ["Thanks for your time, {first}. Talk soon!", "Thank you, have a wonderful afternoon."],
  },
  support: {
    greet: ["Welcome to Acme Internet support. Can I have your account number or order number?", "Acme Internet support, how can I help?"],
    asks: ["My internet keeps dropping every evening.", "I was charged {amount} twice on my last invoice.", "I want to check the status of order {order}.",
      "The router light is blinking orange."],
    replies: ["I'm sorry about that. I can see some line noise; let me run a remote reset of your modem.",
      "I see the duplicate charge. I've issued a refund of {amount}, it takes 3 to 5 business days.",
      "Order {order} shipped yesterday and should arrive on {day}.", "An orange light usually means no signal. Can you check the cable is firmly connected?"],
    follow: ["Okay, it's rebooting now.", "Will I get a confirmation email for the refund?", "Thanks, can I get the tracking number?", "It's green now!"],
    answers: ["The connection looks stable now. I'll monitor it for the next 24 hours.", "Yes, a confirmation email is on its way.",
      "I've texted you the tracking link.", "Great, everything looks good on our side."],
    close: ["Is there anything else I can help with today?", "Thanks for calling Acme Internet, goodbye."],
  },
  survey: {
    greet: ["Hi, I'm calling from City Health Clinic for a short two-question survey about your recent visit."],
    asks: ["Sure, go ahead.", "Only if it's quick.", "Okay."],
    replies: ["On a scale of 1 to 5, how satisfied were you with your visit on {day}?"],
    follow: ["I'd say a 4.", "A 5, the staff were great.", "Maybe a 3, the wait was long."],
    answers: ["Thank you. Would you recommend us to a friend or family member?"],
    close: ["Thanks for your feedback, {first}. Have a nice day!", "That's all, thank you for your time."],
  },
};

/** "Agent: ...\nUser: ..." with 2-4 exchanges, as the platform's transcripts look. */
export function completedTranscript(rand: Rand, kind: AgentKind): string {
  const s = SCRIPTS[kind];
  const lines = [`Agent: ${fill(rand, rand.pick(s.greet))}`, `User: ${fill(rand, rand.pick(s.asks))}`, `Agent: ${fill(rand, rand.pick(s.replies))}`];
  const extra = rand.int(0, 2);
  for (let i = 0; i < extra; i++) {
    lines.push(`User: ${fill(rand, rand.pick(s.follow))}`, `Agent: ${fill(rand, rand.pick(s.answers))}`);
  }
  lines.push(`User: ${rand() < 0.5 ? "No, that's all. Thanks!" : "Thank you, bye."}`, `Agent: ${fill(rand, rand.pick(s.close))}`);
  return lines.join("\n");
}

/** A call that was hung up on shortly after the greeting. */
export function cutShortTranscript(rand: Rand, kind: AgentKind): string {
  return rand() < 0.5 ? `Agent: ${fill(rand, rand.pick(SCRIPTS[kind].greet))}` : "";
}

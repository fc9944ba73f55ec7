import type { Metadata } from "next";
import { ContactListsPage } from "@/components/contacts/lists-page";

export const metadata: Metadata = { title: "Contacts" };

export default function ContactsPage() {
  return <ContactListsPage />;
}

import type { Metadata } from "next";
import { ContactListPage } from "@/components/contacts/list-page";

export const metadata: Metadata = { title: "Contact list" };

export default async function ContactListRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ContactListPage listId={id} />;
}
